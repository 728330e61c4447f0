// What one thread did in one round. Plain data, written by the per-thread step functions on the
// host (simulator) and on the device (instrumented kernels) alike.
#pragma once

#include <cstdint>

#include "core/hd.h"
#include "core/round_spec.h"

namespace scanviz {

enum class ActionKind : std::uint8_t {
  kIdle = 0,  // the thread had no work this round (guard failed)
  kLoad,      // copied its element from global memory (or the identity, for a padding cell)
  kCopy,      // moved a value unchanged (Hillis-Steele: pin[i] to pout[i]; a warp total to
              // shared memory)
  kAdd,       // combined two values into one: out = in[i - s] . in[i], or a warp's offset . v
  kSeed,      // wrote the identity (Blelloch's root, the first cell of an exclusive result)
  kSwapAdd,   // Blelloch down-sweep: left <- right, right <- right . old left
  kAddInput,  // Blelloch to inclusive: buf[i] = buf[i] . data[i] (read[1] is the input)
};

inline constexpr int kNoPosition = -1;

// The block's reserved shared memory: on compute capability 8.0 and later the system keeps the
// 1 KB just before a block's own shared arrays. Only a mistake reaches it (Hillis-Steele without
// its edge check reads left of buf[0]); word p of its 256 is position p, 255 the word right before
// the first shared array. Reads only.
inline constexpr int kReservedArray = -2;
inline constexpr int kReservedCells = 256;

// Each access names an array (an index into the trace's arrays, kInputArray or kReservedArray)
// and a position in it; a position of kNoPosition means no access.
struct ThreadAction {
  ActionKind kind = ActionKind::kIdle;
  std::int8_t read_array[2] = {kInputArray, kInputArray};
  std::int8_t write_array[2] = {0, 0};
  std::int32_t read[2] = {kNoPosition, kNoPosition};   // positions read
  std::int32_t write[2] = {kNoPosition, kNoPosition};  // positions written
};

// An action whose reads come from array `in` and whose writes go to array `out`.
SCANVIZ_HD SCANVIZ_FORCEINLINE ThreadAction MakeAction(ActionKind kind, int in, int r0, int r1,
                                                       int out, int w0, int w1) {
  ThreadAction a;
  a.kind = kind;
  a.read_array[0] = static_cast<std::int8_t>(in);
  a.read_array[1] = static_cast<std::int8_t>(in);
  a.write_array[0] = static_cast<std::int8_t>(out);
  a.write_array[1] = static_cast<std::int8_t>(out);
  a.read[0] = r0;
  a.read[1] = r1;
  a.write[0] = w0;
  a.write[1] = w1;
  return a;
}

// The same work: kind, positions, and the arrays of the positions that exist.
SCANVIZ_HD inline bool SameAction(const ThreadAction& a, const ThreadAction& b) {
  if (a.kind != b.kind) return false;
  for (int k = 0; k < 2; ++k) {
    if (a.read[k] != b.read[k] || a.write[k] != b.write[k]) return false;
    if (a.read[k] >= 0 && a.read_array[k] != b.read_array[k]) return false;
    if (a.write[k] >= 0 && a.write_array[k] != b.write_array[k]) return false;
  }
  return true;
}

// Number of operator applications an action performed.
SCANVIZ_HD SCANVIZ_FORCEINLINE int OperatorApplications(ActionKind kind) {
  return (kind == ActionKind::kAdd || kind == ActionKind::kSwapAdd || kind == ActionKind::kAddInput)
             ? 1
             : 0;
}

}  // namespace scanviz
