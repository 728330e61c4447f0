// What an export writes: which rounds, in which formats, under which names. The app renders and
// writes; this decides, without a window, so that names and checks are tested on their own.
//
//   scanviz --export-png F --export-svg F [--round K]   one figure (default: the last round)
//   scanviz --export-gif F                               every round, one frame each
//   scanviz --export-sequence DIR                        DIR/scanviz-blelloch-00.png, -00.svg, ...
//   the live app, Ctrl+S           DIR/scanviz-blelloch-round4.png and .svg (-2, -3 if taken)
//   the live app, all rounds       DIR/scanviz-blelloch.gif and DIR/scanviz-blelloch-rounds/
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz::exports {

enum class Format : std::uint8_t { kPng, kSvg, kGif };
const char* Extension(Format f);  // ".png", ".svg", ".gif"

struct Size {
  int width = 0, height = 0;
  bool operator==(const Size&) const = default;
};
inline constexpr Size kMinSize{320, 240};
inline constexpr Size kMaxSize{8192, 8192};
// "WxH" within kMinSize..kMaxSize; nothing else (no spaces, no signs).
std::optional<Size> ParseSize(std::string_view text);

inline constexpr int kDefaultDelayMs = 1200;
inline constexpr int kMaxDelayMs = 60000;
inline constexpr int kLastFrameFactor = 3;  // a looping GIF rests on the result
// Each round shown for `delay_ms`, the last kLastFrameFactor times as long.
std::vector<int> FrameDelays(int count, int delay_ms);

// "scanviz-blelloch"; side by side "scanviz-hillis-steele-vs-blelloch".
std::string FigureStem(const std::vector<std::string>& algorithm_keys);
// "scanviz-blelloch-round4": one figure, as Ctrl+S names it.
std::string RoundStem(const std::string& stem, int round);
// "scanviz-blelloch-04": round 4 of a numbered sequence of `count` rounds (at least two digits,
// as many as the last round needs, so that the files sort in order).
std::string SequenceStem(const std::string& stem, int round, int count);
// `stem`, else stem-2, stem-3, ...: the first for which nothing named stem + suffix exists in
// `dir` for any of `suffixes` (".png", ".svg": a figure's two files keep one name).
std::string FreeStem(const std::filesystem::path& dir, const std::string& stem,
                     const std::vector<std::string>& suffixes);

struct ExportRequest {
  std::string png, svg, gif;  // empty: not asked for
  std::string sequence_dir;   // every round as a numbered PNG and SVG
  std::optional<int> round;   // the PNG's and SVG's round (default: the last)
  bool Any() const { return !png.empty() || !svg.empty() || !gif.empty() || !sequence_dir.empty(); }
};

struct ExportFile {
  std::string path;
  Format format = Format::kPng;
  int round = 0;          // kEveryRound: the GIF
  bool sequence = false;  // one of the numbered sequence's, in ExportPlan::sequence_dir
  bool operator==(const ExportFile&) const = default;
};
inline constexpr int kEveryRound = -1;

struct ExportPlan {
  std::vector<ExportFile> files;  // in the order they are written
  std::string sequence_dir;       // made (one level) before writing when it does not exist
  int round_count = 0;
  std::string error;  // a usage error: nothing is rendered or written
  // A file written with the others, all or none, whose bytes are known only once every round is
  // drawn (--dump-layout: what the last figure drew); asked for when the files are written.
  std::string extra_path;
  std::function<std::string()> extra;
};

// `stem` names the sequence's files; `round_count` is the figure's rounds (side by side, the
// longer trace's). A --round past the last round is an error naming the range.
ExportPlan PlanExports(const ExportRequest& request, const std::string& stem, int round_count);

// Whether every file of the plan can be written: none is a directory, a device or a pipe (a file
// already there is replaced), every folder exists, and the sequence's folder is a folder or can
// be made (its parent exists). Empty, or the first reason it cannot, naming the path.
std::string CheckTargets(const ExportPlan& plan);

}  // namespace scanviz::exports
