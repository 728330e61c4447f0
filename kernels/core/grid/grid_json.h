// The grid's JSON pieces (core/grid/grid_io.cpp), for the files that hold grids inside them: an
// application's passes (core/applications/application_io.cpp). Internal to core.
#pragma once

#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid/grid.h"
#include "core/trace_json.h"

namespace scanviz::trace_json {

json EncodeValues(ElementType type, const std::vector<double>& values);
// object[key]: exactly `size` values of `type`; throws LoadError naming where.key[i].
std::vector<double> DecodeValues(const json& object, const char* key, ElementType type, size_t size,
                                 const std::string& where);
// A grid as its file's object (format, version, meta, input, grid), and back, validated as
// loading does; `depth` is the recursion level the object must say it is.
json EncodeGrid(const GridTrace& grid);
GridTrace DecodeGrid(const json& root, const std::string& where, int depth);
// The compact text of EncodeGrid(grid).dump(), appended to *out a block trace at a time: the
// whole tree (15 to 20 times the text) is never built (issue #38).
void AppendGridJson(const GridTrace& grid, std::string* out);

// A file's block traces ("blocks" elements), decoded as the parse reads each (ReadJson's taker)
// so that their trees never exist all at once; DecodeGrid then takes them from here, in the order
// it checks them, and what a block's decoding threw is thrown there, as when it read the tree.
// Installs itself for this thread while it lives (one file's parse and decode).
class BlockTraceTaker : public JsonElementTaker {
 public:
  BlockTraceTaker();
  ~BlockTraceTaker() override;
  BlockTraceTaker(const BlockTraceTaker&) = delete;
  BlockTraceTaker& operator=(const BlockTraceTaker&) = delete;

  std::string_view Key() const override { return "blocks"; }
  std::size_t Take(json* element) override;
  std::size_t Count() const { return m_taken.size(); }  // the block traces taken so far

 private:
  friend Trace DecodeBlockTrace(const json& element);
  struct Taken {
    Trace trace;
    std::exception_ptr error;  // what DecodeTrace threw, or null
  };
  std::vector<Taken> m_taken;
  BlockTraceTaker* m_outer;  // the one installed before (none in practice)
};

// An element of a grid's "blocks": the trace taken while parsing, or decoded from the tree (a
// session's embedded grid, parsed without a taker). Throws what DecodeTrace throws.
Trace DecodeBlockTrace(const json& element);
// About what a trace takes in memory (its vectors and their allocations): the taker's charge.
std::size_t TraceBytes(const Trace& trace);

}  // namespace scanviz::trace_json
