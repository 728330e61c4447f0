// How scanviz-cli reports a trace's self-check, written once for every kind of trace: after
// `trace` printed one (the verdict, then the -o file, never written when the check failed), and
// for `check FILE` (the violations, or one ok line). Exit codes: 0 ok, 1 failed, 2 the -o file
// could not be written (as a bad -o is refused: a script tells a wrong trace from a full disk).
#pragma once

#include <iostream>
#include <string>
#include <vector>

namespace scanviz::cli {

inline constexpr int kReportOk = 0;
inline constexpr int kReportFailed = 1;
inline constexpr int kReportCannotWrite = 2;

// `note` is where progress goes (stderr when the trace went to stdout as JSON). `save(path)`
// writes the file and returns "" or why not.
template <class Save>
int CheckAndSave(std::ostream& note, const std::vector<std::string>& broken, bool output_given,
                 const std::string& output, const std::string& ok, Save&& save) {
  if (!broken.empty()) {
    std::cerr << "scanviz-cli: the trace FAILED the self-check: " << broken.front()
              << (broken.size() > 1 ? " (and more)" : "")
              << (output_given ? "; " + output + " not written" : std::string()) << '\n';
    return kReportFailed;
  }
  if (!ok.empty()) note << "check: " << ok << '\n';
  if (output_given) {
    if (const std::string error = save(output); !error.empty()) {
      std::cerr << "scanviz-cli: error: " << error << '\n';
      return kReportCannotWrite;  // nothing half-written: the old file is kept
    }
    note << "wrote " << output << '\n';
  }
  return kReportOk;
}

// `scanviz-cli check FILE`: every violation under "FAILED", else "PATH: ok: <ok>".
inline int ReportFileCheck(const std::string& path, const std::vector<std::string>& broken,
                           const std::string& ok) {
  if (!broken.empty()) {
    std::cout << path << ": FAILED the self-check:\n";
    for (const std::string& v : broken) std::cout << "  " << v << '\n';
    return kReportFailed;
  }
  std::cout << path << ": ok: " << ok << '\n';
  return kReportOk;
}

}  // namespace scanviz::cli
