// SinglePassModel (single_pass_model.h): the current input's single pass simulated when first
// asked for, or a file's.
#include "kinds/single_pass/single_pass_model.h"

#include <algorithm>

#include "core/grid/grid.h"

namespace scanviz {

const SinglePassTrace& SinglePassModel::Traced() {
  const Key key{m_input.generation, tile_size, tile_order, false};
  // A file's trace stays until an edit, or until another tile size or order is asked for.
  if (ShowsFile()) return *m_trace;
  if (!m_trace || key.generation != m_key.generation || key.tile_size != m_key.tile_size ||
      key.order != m_key.order) {
    SinglePassRequest r;
    r.tile_size = std::clamp(tile_size, kMinGridBlockSize, kMaxGridBlockSize);
    r.order = tile_order;
    r.op = m_input.op;
    r.type = m_input.type;
    r.input = m_input.values;
    r.convert = m_input.convert;
    m_trace = SimulateSinglePass(r);
    m_key = key;
    ++m_version;
    m_origin = "the simulator's schedule (simulated, not measured)";
  }
  return *m_trace;
}

bool SinglePassModel::ShowsFile() const {
  return m_trace && m_key.from_file && m_key.generation == m_input.generation &&
         m_key.tile_size == tile_size && m_key.order == tile_order;
}

void SinglePassModel::Open(SinglePassTrace trace, std::string origin) {
  m_origin = (trace.measured ? "measured on " + trace.backend.device_name
                             : std::string("a simulated schedule")) +
             " (" + origin + ")";
  m_file = std::move(origin);
  m_trace = std::move(trace);
  m_key = {m_input.generation, tile_size, tile_order, true};
  ++m_version;
}

}  // namespace scanviz
