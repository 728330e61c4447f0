// What a cell of a trace means: how it was written (its class and the chapters' box style) and
// the window of input positions whose combination it must hold.
#pragma once

#include <cstdint>

namespace scanviz {

// What happened to a cell in a round, from the actions recorded for that round.
enum class CellClass : std::uint8_t {
  kUndefined,  // never written yet ('?')
  kUnchanged,  // not written this round
  kLoaded,     // written by the load
  kCopied,     // moved unchanged (Hillis-Steele: no left neighbour at this stride)
  kComputed,   // a new combination (Hillis-Steele, a warp's shuffle round)
  kAdded,      // Blelloch up-sweep: buf[i] = buf[i - s] . buf[i]
  kSeeded,     // set to the identity
  kSwapAdded,  // Blelloch down-sweep: written by swap-and-add (either end of the pair)
};

// The chapters' box styles: dotted unchanged; dashed copied (Hillis-Steele) or add (Blelloch);
// solid computed (Hillis-Steele) or swap-and-add (Blelloch).
enum class BoxStyle : std::uint8_t { kNone, kDotted, kDashed, kSolid };

// The contiguous range of input positions [lo, hi] whose combination a cell must hold. An empty
// window (hi < lo) means the identity (an exclusive prefix of position 0). Positions >= n are
// padding, whose input is the identity.
struct Window {
  int lo = 0;
  int hi = -1;
  bool valid = false;  // false for undefined cells
  bool Empty() const { return hi < lo; }
  bool operator==(const Window&) const = default;
};

inline Window Range(int lo, int hi) {
  return Window{lo < 0 ? 0 : lo, hi, true};
}
inline Window EmptyWindow() {
  return Window{0, -1, true};
}

}  // namespace scanviz
