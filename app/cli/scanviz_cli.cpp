// scanviz-cli: the trace of a scan, on the GPU or the CPU simulator, as a table or JSON; checks
// trace files; lists CUDA devices and the algorithms; runs the performance lab where built. One
// file per subcommand: trace_command.cpp, check_command.cpp, list_commands.cpp, bench_command.cpp.
#include <CLI/CLI.hpp>
#include <iostream>
#include <new>
#include <string>

#include "cli/check_command.h"
#include "cli/list_commands.h"
#include "cli/rank_command.h"
#include "cli/trace_command.h"
#include "cli/usage.h"

#if SCANVIZ_HAVE_PERF
#include "cli/bench_command.h"
#endif
#if SCANVIZ_HAVE_SERVE
#include "cli/serve_command.h"
#endif

namespace {

using namespace scanviz::cli;

// A misspelt command is named (CLI11 would only say that a subcommand is required): the error,
// or empty when argv[1] is an option or a command.
std::string UnknownCommand(const CLI::App& app, int argc, char** argv) {
  if (argc <= 1 || argv[1][0] == '-') return {};
  bool known = false;
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    known = known || sub->get_name() == argv[1];
    names += (names.empty() ? "" : ", ") + sub->get_name();
  }
  return known ? std::string() : "unknown command '" + std::string(argv[1]) + "' (" + names + ")";
}

int RunCli(int argc, char** argv) {
  CLI::App app{"scanviz-cli: trace how a GPU computes a prefix sum, round by round"};
  app.set_version_flag("--version", std::string("scanviz-cli ") + SCANVIZ_VERSION);
  app.require_subcommand(1);
  TraceArgs trace_args;
  CLI::App* trace = AddTraceCommand(&app, &trace_args);
  std::string check_path;
  CLI::App* check = AddCheckCommand(&app, &check_path);
  CLI::App* devices = AddDevicesCommand(&app);
  CLI::App* algorithms = AddAlgorithmsCommand(&app);
#if SCANVIZ_HAVE_PERF
  BenchArgs bench_args;
  bench_args.self = SelfPath(argv[0]);
  CLI::App* bench = AddBenchCommand(&app, &bench_args);
#endif
  RankArgs rank_args;
  CLI::App* rank = AddRankCommand(&app, &rank_args);
#if SCANVIZ_HAVE_SERVE
  ServeArgs serve_args;
  CLI::App* serve = AddServeCommand(&app, &serve_args);
#endif

  if (const std::string unknown = UnknownCommand(app, argc, argv); !unknown.empty())
    return UsageError(unknown);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    if (what.empty()) what = e.get_name();
    return UsageError(what);
  }

  // The loaders say so themselves ("check: FILE: not enough memory to read it (104 MB)"); this
  // catches what runs out after them (a check, a table), so that nothing aborts.
  try {
    if (*trace) {
      trace_args.self = argv[0];  // the multi-gpu ranks' launcher starts this program again
      return RunTraceCommand(*trace, &trace_args);
    }
    if (*check) return RunCheckCommand(check_path);
    if (*devices) return RunDevicesCommand();
    if (*algorithms) return RunAlgorithmsCommand();
    if (*rank) return RunRankCommand(rank_args);
#if SCANVIZ_HAVE_PERF
    if (*bench) return RunBenchCommand(bench_args);
#endif
#if SCANVIZ_HAVE_SERVE
    if (*serve) return RunServeCommand(serve_args);
#endif
  } catch (const std::bad_alloc&) {
    std::cerr << "scanviz-cli: not enough memory\n";
    return kExitFailed;
  }
  return kExitUsage;
}

}  // namespace

// An exception that reached main would end the program in std::terminate, an abort and a core
// dump: one line and a failure instead (bugprone-exception-escape).
int main(int argc, char** argv) {
  try {
    return RunCli(argc, argv);
  } catch (const std::bad_alloc&) {
    std::cerr << "scanviz-cli: not enough memory\n";
  } catch (...) {
    std::cerr << "scanviz-cli: internal error: an unexpected exception\n";
  }
  return kExitFailed;
}
