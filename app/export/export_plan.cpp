#include "export/export_plan.h"

#include <algorithm>
#include <charconv>

#include "core/file_io.h"

namespace scanviz::exports {

namespace fs = std::filesystem;

const char* Extension(Format f) {
  switch (f) {
    case Format::kPng:
      return ".png";
    case Format::kSvg:
      return ".svg";
    case Format::kGif:
      return ".gif";
  }
  return "";
}

std::optional<Size> ParseSize(std::string_view text) {
  const size_t x = text.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  auto number = [](std::string_view s, int* out) {
    if (s.empty() || s.front() < '0' || s.front() > '9') return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
    return ec == std::errc() && end == s.data() + s.size();
  };
  Size size;
  if (!number(text.substr(0, x), &size.width) || !number(text.substr(x + 1), &size.height))
    return std::nullopt;
  if (size.width < kMinSize.width || size.height < kMinSize.height || size.width > kMaxSize.width ||
      size.height > kMaxSize.height)
    return std::nullopt;
  return size;
}

std::vector<int> FrameDelays(int count, int delay_ms) {
  std::vector<int> delays(static_cast<size_t>(std::max(count, 0)), delay_ms);
  if (!delays.empty()) delays.back() = delay_ms * kLastFrameFactor;
  return delays;
}

std::string FigureStem(const std::vector<std::string>& algorithm_keys) {
  std::string stem = "scanviz";
  for (size_t i = 0; i < algorithm_keys.size(); ++i)
    stem += (i == 0 ? "-" : "-vs-") + algorithm_keys[i];
  return stem;
}

std::string RoundStem(const std::string& stem, int round) {
  return stem + "-round" + std::to_string(round);
}

std::string SequenceStem(const std::string& stem, int round, int count) {
  const size_t digits = std::max<size_t>(2, std::to_string(std::max(count - 1, 0)).size());
  std::string number = std::to_string(round);
  if (number.size() < digits) number.insert(0, digits - number.size(), '0');
  return stem + "-" + number;
}

std::string FreeStem(const fs::path& dir, const std::string& stem,
                     const std::vector<std::string>& suffixes) {
  for (int k = 1;; ++k) {
    const std::string candidate = k == 1 ? stem : stem + "-" + std::to_string(k);
    bool taken = false;
    for (const std::string& suffix : suffixes) {
      std::error_code ec;
      // symlink_status: a dangling link is taken too.
      taken = taken || fs::exists(fs::symlink_status(dir / (candidate + suffix), ec));
    }
    if (!taken) return candidate;
  }
}

ExportPlan PlanExports(const ExportRequest& request, const std::string& stem, int round_count) {
  ExportPlan plan;
  plan.round_count = round_count;
  if (round_count < 1) {
    plan.error = "the trace has no rounds";
    return plan;
  }
  const int last = round_count - 1;
  if (request.round && (*request.round < 0 || *request.round > last)) {
    plan.error = "--round " + std::to_string(*request.round) + ": the figure has rounds 0 to " +
                 std::to_string(last);
    return plan;
  }
  const int round = request.round.value_or(last);
  if (!request.png.empty()) plan.files.push_back({request.png, Format::kPng, round});
  if (!request.svg.empty()) plan.files.push_back({request.svg, Format::kSvg, round});
  if (!request.gif.empty()) plan.files.push_back({request.gif, Format::kGif, kEveryRound});
  if (!request.sequence_dir.empty()) {
    plan.sequence_dir = request.sequence_dir;
    const fs::path dir(request.sequence_dir);
    for (int r = 0; r < round_count; ++r) {
      const std::string name = SequenceStem(stem, r, round_count);
      plan.files.push_back({(dir / (name + ".png")).string(), Format::kPng, r, true});
      plan.files.push_back({(dir / (name + ".svg")).string(), Format::kSvg, r, true});
    }
  }
  // Two outputs at one file would leave only the last: refused, as a slip in a script. Compared
  // as files, not as text (`same.png` and `./same.png`, a link and its target: issue #38).
  std::vector<std::string> paths;
  for (const ExportFile& f : plan.files) paths.push_back(f.path);
  if (const auto same = FindSamePaths(paths)) {
    const std::string& a = paths[same->first];
    const std::string& b = paths[same->second];
    plan.error = a == b ? a + " is named for two exports"
                        : a + " and " + b + " are one file, named for two exports";
  }
  return plan;
}

std::string CheckTargets(const ExportPlan& plan) {
  std::error_code ec;
  bool make_dir = false;
  if (!plan.sequence_dir.empty()) {
    fs::path dir(plan.sequence_dir);
    if (!dir.has_filename()) dir = dir.parent_path();  // "figures/" is the folder figures
    const fs::file_status status = fs::status(dir, ec);
    if (fs::exists(status) && !fs::is_directory(status))
      return plan.sequence_dir + " is not a folder; not replaced";
    if (!fs::exists(status)) {
      const fs::path parent = dir.has_parent_path() ? dir.parent_path() : fs::path(".");
      if (!fs::is_directory(parent, ec))
        return "cannot make " + plan.sequence_dir + ": " + parent.string() + " is not a folder";
      make_dir = true;
    }
  }
  for (const ExportFile& f : plan.files) {
    // A sequence's files in a folder yet to be made: nothing there to refuse.
    if (make_dir && f.sequence) continue;
    std::string why = CheckWriteTarget(f.path);
    if (!why.empty()) return why;
  }
  return {};
}

}  // namespace scanviz::exports
