#include "cli/application_command.h"

#include <cstdint>
#include <iostream>
#include <sstream>

#include "backend/backend.h"
#include "cli/application_table.h"
#include "cli/applications/table_entry.h"
#include "cli/report.h"
#include "cli/usage.h"
#include "core/applications/application_io.h"
#include "core/applications/applications.h"
#include "core/file_io.h"
#include "core/input.h"

namespace scanviz {
namespace {

using cli::kExitFailed;
using cli::kExitOk;
using cli::kExitUsage;
using cli::UsageError;

}  // namespace

bool IsApplicationKey(const std::string& algorithm) {
  ApplicationKind application{};
  return ParseApplication(algorithm, &application);
}

std::string MisplacedApplicationOption(const std::string& algorithm, bool keep, bool bit,
                                       bool bits) {
  const struct {
    bool given;
    const char* option;
    const char* application;
  } options[] = {
      {keep, "--keep", "compact"}, {bit, "--bit", "split"}, {bits, "--bits", "radix-sort"}};
  for (const auto& o : options)
    if (o.given && algorithm != o.application)
      return std::string(o.option) + " is for --algorithm " + o.application;
  return {};
}

namespace {

// The request and the backend; kExitOk, or the usage error's exit code, already reported.
int ParseApplicationRequest(const ApplicationCommandArgs& args, ApplicationRequest* request,
                            BackendChoice* choice) {
  ParseApplication(args.algorithm, &request->application);
  const ApplicationInfo& info = Info(request->application);
  if (!args.scan_only.empty())
    return UsageError(args.scan_only.front() + " is for scans, not for " + info.key +
                      " (its scan is an exclusive int32 sum of the " + info.flags_name + ")");
  if (std::string e = MisplacedApplicationOption(args.algorithm, args.keep_given, args.bit_given,
                                                 args.bits_given);
      !e.empty())
    return UsageError(e);
  if (!Parse(args.type, &request->type))
    return UsageError("unknown element type '" + args.type + "' (int32 or float32)");
  if (request->type == ElementType::kFloat32 && !info.float32)
    return UsageError(std::string("--type float32: ") + info.key + " takes " + info.types +
                      " values");
  if (!Parse(args.backend, choice))
    return UsageError("unknown backend '" + args.backend + "' (auto, cpu or cuda)");
  if (args.block_algorithm_given && (!Parse(args.block_algorithm, &request->block_algorithm) ||
                                     !IsGridBlockAlgorithm(request->block_algorithm)))
    return UsageError("--block-algorithm '" + args.block_algorithm + "': choose " +
                      GridBlockAlgorithmKeys());
  if (args.input_given && args.random_given)
    return UsageError("give either --input or --random, not both");
  if (!args.input_given) {
    if (args.random_n < 1 || args.random_n > kMaxGridElements)
      return UsageError("--random " + std::to_string(args.random_n) + ": choose 1.." +
                        std::to_string(kMaxGridElements) + " for " + info.key);
    const ParsedSeed seed = ParseSeed(args.seed);
    if (!seed.Ok()) return UsageError("--seed " + seed.error);
    request->input = RandomValues(args.random_n, seed.value, request->type);
  } else {
    const ParsedValues parsed = ParseValues(args.input, request->type, kMaxGridElements);
    if (!parsed.Ok()) return UsageError("--input: " + parsed.error);
    request->input = parsed.values;
  }
  const int n = static_cast<int>(request->input.size());
  request->block_size = args.block_size_given ? args.block_size : DefaultApplicationBlockSize(n);
  if (const std::string e = CliOf(request->application).set_params(args, request); !e.empty())
    return UsageError(e);
  if (const std::string invalid = ValidateApplicationRequest(*request); !invalid.empty())
    return UsageError(invalid);
  return kExitOk;
}

}  // namespace

int RunApplicationCommand(const ApplicationCommandArgs& args) {
  ApplicationRequest request;
  BackendChoice choice{};
  if (const int code = ParseApplicationRequest(args, &request, &choice); code != kExitOk)
    return code;
  if (args.output_given) {
    if (args.output.empty()) return UsageError("--output: the file name is empty");
    if (const std::string error = CheckWriteTarget(args.output); !error.empty())
      return UsageError("--output: " + error);
  }

  ApplicationOutcome outcome = RunApplication(choice, request);
  if (!outcome.application) {
    std::cerr << "scanviz-cli: error: " << outcome.error << '\n';
    return choice == BackendChoice::kCuda ? kExitFailed : kExitUsage;
  }
  const ApplicationTrace& trace = *outcome.application;
  std::ostream& note = args.json ? std::cerr : std::cout;
  note << "ran on: " << outcome.ran << '\n';
  if (args.json) {
    WriteApplicationJson(trace, std::cout, /*pretty=*/true);
  } else {
    PrintApplicationTable(trace, std::cout);
  }
  return cli::CheckAndSave(
      note, CheckApplication(trace), args.output_given, args.output, ApplicationCheckSentence(),
      [&](const std::string& path) { return SaveApplicationFile(trace, path); });
}

int CheckApplicationFile(const std::string& path, const ApplicationTrace& trace) {
  std::ostringstream ok;
  ok << Info(trace.application).key << " (" << Info(trace.application).name << "), "
     << ToString(trace.type) << ", n = " << trace.N() << ", " << trace.passes.size()
     << (trace.passes.size() == 1 ? " pass" : " passes") << ", recorded on "
     << DescribeBackend(trace.backend) << "; " << ApplicationCheckSentence();
  return cli::ReportFileCheck(path, CheckApplication(trace), ok.str());
}

}  // namespace scanviz
