#include "teach/code_listing.h"

#include <algorithm>

#include "core/registry.h"

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
  const std::vector<PhaseInfo>& phases = Info(algorithm).phases;
  if (spec.phase >= phases.size()) return {};
  const PhaseInfo& phase = phases[spec.phase];
  RoundTagSet tags{phase.anchor, {}};
  for (const char* c : phase.context) tags.context.emplace_back(c);
  return tags;
}

std::vector<int> HighlightedLines(const CodeListing& listing, Algorithm algorithm,
                                  const RoundSpec& spec, bool last_round) {
  const RoundTagSet tags = RoundTags(algorithm, spec);
  std::vector<std::string> anchors;
  for (const PhaseInfo& p : Info(algorithm).phases) anchors.emplace_back(p.anchor);
  const int count = static_cast<int>(listing.lines.size());
  std::vector<int> out;
  for (int i = 0; i < count; ++i) {
    if (!HasTag(listing.lines[i], tags.anchor)) continue;
    out.push_back(i);
    for (int j = i - 1; j >= 0 && !HasAnyTag(listing.lines[j], anchors); --j)
      if (HasAnyTag(listing.lines[j], tags.context)) out.push_back(j);
  }
  // The store runs once, after the last round.
  if (last_round) {
    for (int i = 0; i < count; ++i)
      if (HasTag(listing.lines[i], "store")) out.push_back(i);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> MissingTags(const CodeListing& listing, Algorithm algorithm) {
  std::vector<std::string> needed = {"store"};
  for (const PhaseInfo& phase : Info(algorithm).phases) {
    needed.emplace_back(phase.anchor);
    needed.insert(needed.end(), phase.context.begin(), phase.context.end());
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
