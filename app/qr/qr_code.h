// A text as a QR code (libqrencode): the square of modules a phone's camera reads, for View > Show
// QR code (the current view's link, or a classroom's address). No GL, no ImGui: tested without a
// window, and the same on the desktop (Debian's libqrencode) and the page (the same library
// compiled from Debian's source package, app/qr/CMakeLists.txt).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz::qr {

// The light margin a reader needs round the symbol, in modules (ISO/IEC 18004: four).
inline constexpr int kQuietZone = 4;
// The most bytes a QR code holds (version 40, level L, 8-bit mode): a longer text has no code.
inline constexpr std::size_t kMaxBytes = 2953;

struct Code {
  int version = 0;   // 1..40, the smallest that holds the text at `level`
  char level = 'M';  // error correction: M (15 %), or L (7 %) where M does not fit
  int modules = 0;   // the symbol's side in modules (17 + 4 * version), quiet zone not counted
  std::vector<std::uint8_t> dark;  // modules * modules, row by row: 1 dark, 0 light
  std::string error;               // why there is no code (one line); empty when there is one

  bool Ok() const { return error.empty() && modules > 0; }
  // The side with the quiet zone on every edge, in modules.
  int Side() const { return modules + 2 * kQuietZone; }
  // Whether module (x, y) of the symbol with its quiet zone (0..Side()-1) is dark; the quiet
  // zone and anything outside are light.
  bool Dark(int x, int y) const;
};

// The text's bytes as they are (8-bit mode), at level M where the code stays readable from afar
// with the most damage allowed, else at L; a text longer than kMaxBytes, or an empty one, gives
// no code and the reason.
Code Encode(std::string_view text);

}  // namespace scanviz::qr
