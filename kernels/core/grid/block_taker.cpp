// A grid file's block traces decoded while it is parsed (grid_json.h's BlockTraceTaker): issue
// #38's finding 8, where a 132 MB radix sort took 1.85 GB to read, most of it nlohmann's tree of
// its 87,000 block traces.
#include <new>

#include "core/grid/grid_json.h"

namespace scanviz::trace_json {
namespace {

thread_local BlockTraceTaker* t_taker = nullptr;

template <class T>
std::size_t VectorBytes(const std::vector<T>& v) {
  // The vector, and its allocation with malloc's header (nothing when it has none).
  return sizeof(v) + (v.capacity() > 0 ? v.capacity() * sizeof(T) + 16 : 0);
}

}  // namespace

BlockTraceTaker::BlockTraceTaker() : m_outer(t_taker) {
  t_taker = this;
}

BlockTraceTaker::~BlockTraceTaker() {
  t_taker = m_outer;
}

std::size_t BlockTraceTaker::Take(json* element) {
  Taken taken;
  try {
    taken.trace = DecodeTrace(*element);
  } catch (const std::bad_alloc&) {
    throw;  // the file is not read at all (ReadJson's "not enough memory")
  } catch (...) {
    taken.error = std::current_exception();  // thrown where DecodeGrid takes it
  }
  ReleaseJson(*element);
  *element = json::binary({}, m_taken.size());
  const std::size_t bytes = sizeof(Taken) + TraceBytes(taken.trace) + 64;
  m_taken.push_back(std::move(taken));
  return bytes;
}

Trace DecodeBlockTrace(const json& element) {
  if (!element.is_binary()) return DecodeTrace(element);
  if (t_taker == nullptr) Fail("", "a block trace read by no reader");  // never: ParseAnyTraceJson
  const std::size_t index = element.get_binary().subtype();
  BlockTraceTaker::Taken& taken = t_taker->m_taken.at(index);
  if (taken.error) std::rethrow_exception(taken.error);
  return std::move(taken.trace);
}

std::size_t TraceBytes(const Trace& trace) {
  std::size_t bytes = sizeof(Trace) + VectorBytes(trace.input) + VectorBytes(trace.arrays) +
                      VectorBytes(trace.rounds) + trace.meta.thread_order.capacity() +
                      trace.meta.backend.device_name.capacity();
  for (const ArrayDesc& a : trace.arrays) bytes += a.name.capacity();
  for (const Round& r : trace.rounds) {
    bytes += VectorBytes(r.buffers) + VectorBytes(r.defined) + VectorBytes(r.actions);
    for (const auto& b : r.buffers) bytes += VectorBytes(b);
    for (const auto& d : r.defined) bytes += VectorBytes(d);
  }
  return bytes;
}

}  // namespace scanviz::trace_json
