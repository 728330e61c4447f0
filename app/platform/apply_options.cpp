// The command line (options.h) applied to the app's state: a FILE first, then the input flags
// over what it set, the applications' parameters, the view, the round, the quiz. A flag whose
// value the state refuses says so on stderr; a FILE, an --open-block, a --keep or a --quiz that
// fails is also the returned error (the status line's message, and exit 2 in a headless mode).
#include <cstdio>
#include <string>

#include "core/mistake.h"
#include "kinds/applications/applications_state.h"
#include "kinds/benchmark/benchmark_state.h"
#include "kinds/multi_block/multi_block_state.h"
#include "kinds/side_by_side/side_by_side_state.h"
#include "kinds/single_pass/single_pass_state.h"
#include "state/app_state.h"
#include "platform/options.h"

namespace scanviz {

namespace {

// The first line of trouble is kept for the caller to report (stderr, the status line, exit 2);
// the later ones go to stderr here. Each is said once.
void Note(std::string* first, const std::string& err) {
  if (err.empty()) return;
  if (first->empty()) {
    *first = err;
  } else {
    std::fprintf(stderr, "scanviz: %s\n", err.c_str());
  }
}

// FILE, then the input and what runs it. Returns why FILE did not open or --open-block failed, or
// empty.
std::string ApplyInput(AppState& st, const Options& opt) {
  // The file first: the flags then change what it set.
  std::string open_error;
  if (!opt.open.empty() && !OpensAsLink(opt.open)) {  // a link opens last (ApplyOptions)
    open_error = st.OpenFile(opt.open);
    if (!open_error.empty()) st.message = open_error;
  }
  if (opt.algorithm) st.SetAlgorithm(*opt.algorithm);
  if (opt.block_algorithm) MultiBlockOf(st).grid.SetBlockAlgorithm(*opt.block_algorithm);
  if (opt.block_size) MultiBlockOf(st).grid.SetBlockSize(*opt.block_size);
  if (opt.kind) st.SetKind(*opt.kind);
  if (opt.op) st.SetOp(*opt.op);
  if (opt.type) st.SetType(*opt.type);  // before the input, which is read as this type
  if (opt.convert) st.SetConvert(true);
  if (opt.backend) st.SetBackend(*opt.backend);
  if (opt.thread_order) st.SetThreadOrder(*opt.thread_order);
  if (!opt.mistake.empty()) {
    const MistakeInfo* m = FindMistake(st.GetAlgorithm(), opt.mistake);
    if (m != nullptr) {
      st.SetMistake(m->id);
    } else {
      std::fprintf(stderr, "scanviz: --mistake %s: not a mistake of %s\n", opt.mistake.c_str(),
                   DisplayName(st.GetAlgorithm()));
    }
  }
  st.SetSeed(opt.seed);
  if (opt.random_n) st.Randomize(*opt.random_n, opt.seed);
  if (opt.input && !st.SetInputText(*opt.input)) {
    std::fprintf(stderr, "scanviz: --input: %s\n", st.InputError().c_str());
  }
  if (opt.open_block && !OpenBlock(st, 0, *opt.open_block)) {
    // As a FILE that does not open: the status line says it, and a script exits 2 (issue #25).
    const std::string err = "--open-block " + std::to_string(*opt.open_block) +
                            ": no such block of the multi-block scan";
    if (st.message.empty()) st.message = err;
    Note(&open_error, err);
  }
  return open_error;
}

// The grid's selection and the applications' parameters. Returns a bad --keep, or empty.
std::string ApplyApplication(AppState& st, const Options& opt) {
  std::string error;
  if (opt.grid_select) MultiBlockOf(st).grid.selected = opt.grid_select;
  if (!opt.keep.empty()) {
    KeepRule keep;
    if (std::string err = ParseKeep(opt.keep, st.Type(), &keep); !err.empty()) {
      error = std::move(err);
    } else {
      ApplicationsOf(st).model.SetKeep(keep);
    }
  }
  if (opt.bit) ApplicationsOf(st).model.SetSplitBit(*opt.bit);
  if (opt.bits) ApplicationsOf(st).model.SetRadixBits(*opt.bits);
  if (opt.application) ApplicationsOf(st).model.SetApplication(*opt.application);
  return error;
}

// The view's settings, the selection and the round shown.
void ApplyView(AppState& st, const Options& opt) {
  if (opt.theme) st.view.theme = *opt.theme;
  if (opt.panel) st.view.panel = *opt.panel;
  if (opt.tile_size) SinglePassOf(st).model.tile_size = *opt.tile_size;
  if (opt.tile_order) SinglePassOf(st).model.tile_order = *opt.tile_order;
  if (opt.bench_float) BenchmarkOf(st).bench_float = true;
  if (opt.bench_exclusive) BenchmarkOf(st).bench_exclusive = true;
  if (opt.bench_pct) BenchmarkOf(st).bench_pct = true;
  if (opt.bench_gpus) {
    BenchmarkOf(st).bench_gpus = true;
    BenchmarkOf(st).bench_gpu_count = *opt.bench_gpus;
  }
  st.view.ignore_mouse = !opt.screenshot.empty() || opt.bench_frames > 0 || opt.Exporting();
  if (opt.pair) SideBySideOf(st).SetPair(opt.pair->first, opt.pair->second);
  st.view.only_current = opt.only_current;
  st.view.bank_padding = opt.bank_padding;
  st.view.color_by_case = opt.case_colors;
  st.view.presenter = opt.presenter;
  st.view.help = opt.show_keys;
  st.view.qr = opt.show_qr;
  if (opt.select) {
    st.view.selected = opt.select;
    st.view.selected_algorithm = st.GetAlgorithm();
  }
  if (!opt.screenshot.empty() && !opt.round) {
    st.ForEachShownPlayer([](Player& p) { p.Last(); });
  }
  if (opt.round) st.ForEachShownPlayer([&](Player& p) { p.Seek(*opt.round); });
}

}  // namespace

std::string ApplyOptions(AppState& st, const Options& opt) {
  std::string error = ApplyInput(st, opt);
  Note(&error, ApplyApplication(st, opt));
  ApplyView(st, opt);
  if (!opt.quiz.empty() && !StartQuiz(st, opt.quiz)) Note(&error, "--quiz: " + st.quiz.error);
  if (!opt.quiz.empty()) st.view.quiz = true;
  // A share link opens last, as the page opens it: the view it names exactly, over the flags.
  if (OpensAsLink(opt.open)) {
    const std::string err = st.OpenLink(opt.open);
    st.ReportLink(err);
    Note(&error, err);
  }
  return error;
}

}  // namespace scanviz
