// Every read of a trace or its analysis by a position the trace itself names goes through Find:
// a trace that contradicts itself (a loaded file may) draws '?' or no arrow, never reads past an
// array. Internal to the scene library.
#pragma once

#include <cstddef>

namespace scanviz::scene {

template <class V>
const typename V::value_type* Find(const V& v, int i) {
  return i >= 0 && i < static_cast<int>(v.size()) ? &v[static_cast<std::size_t>(i)] : nullptr;
}

}  // namespace scanviz::scene
