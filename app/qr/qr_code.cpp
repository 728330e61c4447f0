#include "qr_code.h"

#include <qrencode.h>

#include <cerrno>
#include <cstring>
#include <memory>

namespace scanviz::qr {

namespace {

struct Free {
  void operator()(QRcode* code) const { QRcode_free(code); }
};

std::string WithCommas(std::size_t n) {
  const std::string digits = std::to_string(n);
  std::string s;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

}  // namespace

bool Code::Dark(int x, int y) const {
  const int mx = x - kQuietZone, my = y - kQuietZone;
  if (mx < 0 || my < 0 || mx >= modules || my >= modules) return false;
  return dark[static_cast<std::size_t>(my) * modules + mx] != 0;
}

Code Encode(std::string_view text) {
  Code c;
  if (text.empty()) {
    c.error = "no QR code: there is no text to encode";
    return c;
  }
  if (text.size() > kMaxBytes) {
    c.error = "no QR code: the link is " + WithCommas(text.size()) +
              " characters, more than a QR code holds (" + WithCommas(kMaxBytes) +
              "); use Copy link or save the session";
    return c;
  }
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const int size = static_cast<int>(text.size());
  std::unique_ptr<QRcode, Free> code;
  for (const auto& [level, name] : {std::pair{QR_ECLEVEL_M, 'M'}, std::pair{QR_ECLEVEL_L, 'L'}}) {
    errno = 0;
    code.reset(QRcode_encodeData(size, bytes, 0, level));
    if (code) {
      c.level = name;
      break;
    }
    if (errno != ERANGE) break;  // anything but "too long for this level" will not fit L either
  }
  if (!code) {
    c.error = std::string("no QR code: libqrencode failed (") + std::strerror(errno) + ")";
    return c;
  }
  c.version = code->version;
  c.modules = code->width;
  c.dark.resize(static_cast<std::size_t>(c.modules) * c.modules);
  for (std::size_t i = 0; i < c.dark.size(); ++i) c.dark[i] = code->data[i] & 1;  // bit 0: dark
  return c;
}

}  // namespace scanviz::qr
