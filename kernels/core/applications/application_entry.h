// What the applications' entries (core/applications/<name>.cpp) share, and the list that declares
// them: internal to core. The registry (applications.cpp) puts them in SCANVIZ_FOR_EACH_APPLICATION
// order.
#pragma once

#include <cstdint>
#include <string>

#include "core/applications/applications.h"

namespace scanviz {

#define SCANVIZ_APPLICATION_DECLARE(id, ns) extern const ApplicationInfo k_##ns##_application;
SCANVIZ_FOR_EACH_APPLICATION(SCANVIZ_APPLICATION_DECLARE)
#undef SCANVIZ_APPLICATION_DECLARE

namespace applications {

// "flags[3]": a cell in a message.
std::string Cell(const char* name, size_t i);
// Step 3's complaint: output[cell] holds something else than element `element` (`want`).
std::string WrongCell(const ApplicationTrace& t, const ApplicationPass& pass, size_t cell,
                      int element, double want);
// x's 32-bit two's complement pattern as a number 0..2^32 - 1.
std::uint64_t Pattern(double x);
// "2 keys": a count and its noun.
std::string Plural(long long count, const char* one, const char* many);

// The pieces several entries share: one pass on no bit, and the output as long as the total
// (compaction, allocation) or as the input (a permutation: split, radix sort).
int OnePass(const ApplicationParams& params);
int NoBit(const ApplicationParams& params, int pass);
int TotalCells(int n, int total);
int AllCells(int n, int total);
long long AtMostN(int n);
std::string NoParameter(const ApplicationParams& params, ElementType type);
void NoMeta(const ApplicationTrace& trace, nlohmann::json* meta);
void NoReadMeta(const nlohmann::json& meta, ApplicationRequest* request, bool* sign_flipped);
// Split's pass, which radix sort's passes are too (split.cpp).
extern const PassRule kSplitPass;

}  // namespace applications
}  // namespace scanviz
