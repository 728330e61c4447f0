#include "teach/code_listing.h"

#include <algorithm>

namespace scanviz::teach {
namespace {

bool HasTag(const CodeLine& line, const std::string& tag) {
  return std::find(line.tags.begin(), line.tags.end(), tag) != line.tags.end();
}

bool HasAnyTag(const CodeLine& line, const std::vector<std::string>& tags) {
  return std::any_of(tags.begin(), tags.end(),
                     [&](const std::string& t) { return HasTag(line, t); });
}

}  // namespace

RoundTagSet RoundTags(Algorithm algorithm, const RoundSpec& spec) {
  switch (spec.phase) {
    case Phase::kLoad:
      return {"load", {}};
    case Phase::kScan:
      return {"step", {"loop", "swap"}};
    case Phase::kUpSweep:
      return {"up-step", {"up-loop"}};
    case Phase::kSeed:
      return {"seed", {}};
    case Phase::kDownSweep:
      return {"down-step", {"down-loop"}};
    case Phase::kConvert:
      // Hillis-Steele converts into the other buffer, so it swaps once more; Blelloch works in
      // place.
      if (algorithm == Algorithm::kHillisSteele) return {"convert", {"swap"}};
      return {"convert", {}};
  }
  return {};
}

std::vector<int> HighlightedLines(const CodeListing& listing, Algorithm algorithm,
                                  const RoundSpec& spec, bool last_round) {
  const RoundTagSet tags = RoundTags(algorithm, spec);
  const int count = static_cast<int>(listing.lines.size());
  std::vector<int> out;
  for (int i = 0; i < count; ++i) {
    if (!HasTag(listing.lines[i], tags.anchor)) continue;
    out.push_back(i);
    for (int j = i - 1; j >= 0 && !HasTag(listing.lines[j], "barrier"); --j)
      if (HasAnyTag(listing.lines[j], tags.context)) out.push_back(j);
  }
  if (!out.empty()) {
    const int last_anchor = *std::max_element(out.begin(), out.end());
    for (int i = last_anchor + 1; i < count; ++i) {
      if (HasTag(listing.lines[i], "barrier")) {
        out.push_back(i);
        break;
      }
    }
  }
  // The store runs once, after the barrier that ends the last round.
  if (last_round) {
    for (int i = 0; i < count; ++i)
      if (HasTag(listing.lines[i], "store")) out.push_back(i);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> MissingTags(const CodeListing& listing, Algorithm algorithm) {
  std::vector<std::string> needed = {"barrier", "store"};
  const std::vector<Phase> phases =
      algorithm == Algorithm::kHillisSteele
          ? std::vector<Phase>{Phase::kLoad, Phase::kScan, Phase::kConvert}
          : std::vector<Phase>{Phase::kLoad, Phase::kUpSweep, Phase::kSeed, Phase::kDownSweep,
                               Phase::kConvert};
  for (Phase phase : phases) {
    RoundSpec spec;
    spec.phase = phase;
    const RoundTagSet tags = RoundTags(algorithm, spec);
    needed.push_back(tags.anchor);
    needed.insert(needed.end(), tags.context.begin(), tags.context.end());
  }
  std::vector<std::string> missing;
  for (const std::string& tag : needed) {
    const bool found = std::any_of(listing.lines.begin(), listing.lines.end(),
                                   [&](const CodeLine& line) { return HasTag(line, tag); });
    if (!found && std::find(missing.begin(), missing.end(), tag) == missing.end())
      missing.push_back(tag);
  }
  return missing;
}

}  // namespace scanviz::teach
