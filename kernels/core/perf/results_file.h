// What the two results files (bench_results: one GPU; multi_gpu_results: across GPUs) write and
// read alike: numbers to 6 significant digits, and the one line that says why a text is not a
// results file at all.
#pragma once

#include <string>

#include "core/json_read.h"

namespace scanviz::perf {

// v to 6 significant digits, as the runs' tables print them (the events' resolution is about half
// a microsecond); a non-finite value stays as it is (the writer writes it null).
double Sig6(double v);

// Why a read that is not Ok gives no results file: "not valid JSON (...)" for its syntax or a
// number out of range, "not a results file: ..." for its shape, else the reader's own words.
std::string ResultsReadError(const JsonRead& read);

}  // namespace scanviz::perf
