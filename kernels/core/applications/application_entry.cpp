// The pieces the applications' entries share (core/applications/application_entry.h).
#include "core/applications/application_entry.h"

#include "core/analysis.h"

namespace scanviz::applications {

std::string Cell(const char* name, size_t i) {
  return std::string(name) + "[" + std::to_string(i) + "]";
}

std::string WrongCell(const ApplicationTrace& t, const ApplicationPass& pass, size_t cell,
                      int element, double want) {
  return Cell("output", cell) + " = " + FormatValue(t.type, pass.output[cell]) + ", but element " +
         std::to_string(element) + " (" + FormatValue(t.type, want) + ") goes there";
}

std::uint64_t Pattern(double x) {
  const auto v = static_cast<std::int64_t>(x);
  return static_cast<std::uint64_t>(v < 0 ? v + (std::int64_t{1} << 32) : v);
}

std::string Plural(long long count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

int OnePass(const ApplicationParams&) {
  return 1;
}

int NoBit(const ApplicationParams&, int) {
  return -1;
}

int TotalCells(int, int total) {
  return total;
}

int AllCells(int n, int) {
  return n;
}

long long AtMostN(int n) {
  return n;
}

std::string NoParameter(const ApplicationParams&, ElementType) {
  return {};
}

void NoMeta(const ApplicationTrace&, nlohmann::json*) {}

void NoReadMeta(const nlohmann::json&, ApplicationRequest*, bool*) {}

}  // namespace scanviz::applications
