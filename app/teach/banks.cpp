#include "teach/banks.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <set>

#include "core/registry.h"

namespace scanviz::teach {

bool PaddingApplies(const Trace& trace) {
  return Info(trace.meta.algorithm).padded_layout;
}

SharedLayout::SharedLayout(const Trace& trace, BankOptions options) {
  const bool pad = options.padded && PaddingApplies(trace);
  for (const ArrayDesc& a : trace.arrays) {
    if (a.space != Space::kShared) {
      m_base.push_back(-1);
      m_padded.push_back(0);
      continue;
    }
    m_base.push_back(m_words);
    m_padded.push_back(pad ? 1 : 0);
    // A padded array of size cells ends at word PaddedPosition(size - 1).
    m_words += pad && a.size > 0 ? PaddedPosition(a.size - 1) + 1 : a.size;
  }
}

bool SharedLayout::IsShared(int array) const {
  return array >= 0 && array < static_cast<int>(m_base.size()) &&
         m_base[static_cast<size_t>(array)] >= 0;
}

int SharedLayout::Address(int array, int pos) const {
  const size_t a = static_cast<size_t>(array);
  return m_base[a] + (m_padded[a] ? PaddedPosition(pos) : pos);
}

const char* ToString(AccessSlot s) {
  switch (s) {
    case AccessSlot::kRead0:
      return "read 1";
    case AccessSlot::kRead1:
      return "read 2";
    case AccessSlot::kWrite0:
      return "write 1";
    case AccessSlot::kWrite1:
      return "write 2";
  }
  return "?";
}

std::vector<int> WarpAccess::LanesInBank(int bank) const {
  std::vector<int> out;
  for (const LaneAccess& l : lanes)
    if (l.bank == bank) out.push_back(l.lane);
  return out;
}

int WarpAccess::DistinctBanks() const {
  std::set<int> banks;
  for (const LaneAccess& l : lanes) banks.insert(l.bank);
  return static_cast<int>(banks.size());
}

const WarpAccess* RoundBanks::Worst() const {
  const WarpAccess* worst = nullptr;
  for (const WarpAccess& a : accesses)
    if (worst == nullptr || a.degree > worst->degree) worst = &a;
  return worst;
}

int RoundBanks::WarpDegree(int warp) const {
  int d = 0;
  for (const WarpAccess& a : accesses)
    if (a.warp == warp) d = std::max(d, a.degree);
  return d;
}

namespace {

// The degree of one access: per bank, the number of distinct words (same word = broadcast).
void Score(WarpAccess& access) {
  std::array<std::set<int>, kBankCount> words;
  for (const LaneAccess& l : access.lanes) words[static_cast<size_t>(l.bank)].insert(l.address);
  access.degree = 0;
  for (int b = 0; b < kBankCount; ++b) {
    const int d = static_cast<int>(words[static_cast<size_t>(b)].size());
    if (d > access.degree) {
      access.degree = d;
      access.worst_bank = b;
    }
  }
}

}  // namespace

RoundBanks AnalyzeBanks(const Trace& trace, int round, BankOptions options) {
  const SharedLayout layout(trace, options);
  const std::vector<ThreadAction>& actions = trace.rounds[static_cast<size_t>(round)].actions;
  RoundBanks out;
  const int threads = static_cast<int>(actions.size());
  for (int first = 0; first < threads; first += kBankCount) {
    const int warp = first / kBankCount;
    // (slot, kind) -> the instruction; std::map keeps them in slot order.
    std::map<std::pair<int, int>, WarpAccess> instructions;
    for (int lane = 0; lane < kBankCount && first + lane < threads; ++lane) {
      const ThreadAction& a = actions[static_cast<size_t>(first) + static_cast<size_t>(lane)];
      if (a.kind == ActionKind::kIdle) continue;
      for (int slot = 0; slot < 4; ++slot) {
        const bool write = slot >= 2;
        const int array = write ? a.write_array[slot - 2] : a.read_array[slot];
        const int pos = write ? a.write[slot - 2] : a.read[slot];
        if (pos == kNoPosition || !layout.IsShared(array)) continue;
        WarpAccess& access = instructions[{slot, static_cast<int>(a.kind)}];
        access.warp = warp;
        access.slot = static_cast<AccessSlot>(slot);
        access.kind = a.kind;
        access.write = write;
        const int address = layout.Address(array, pos);
        access.lanes.push_back({lane, array, pos, address, address % kBankCount});
      }
    }
    for (auto& [key, access] : instructions) {
      Score(access);
      out.worst_degree = std::max(out.worst_degree, access.degree);
      out.transactions += access.degree;
      out.accesses.push_back(std::move(access));
    }
  }
  return out;
}

std::vector<RoundBanks> AnalyzeBanks(const Trace& trace, BankOptions options) {
  std::vector<RoundBanks> out;
  for (int r = 0; r < static_cast<int>(trace.rounds.size()); ++r)
    out.push_back(AnalyzeBanks(trace, r, options));
  return out;
}

namespace {

// "lanes 0..31", "lanes 0, 16", "16 lanes (0, 2, ..., 30)".
std::string DescribeLanes(const std::vector<int>& lanes) {
  if (lanes.size() == 1) return "lane " + std::to_string(lanes[0]);
  bool contiguous = true;
  for (size_t i = 1; i < lanes.size(); ++i) contiguous &= lanes[i] == lanes[i - 1] + 1;
  if (contiguous)
    return "lanes " + std::to_string(lanes.front()) + ".." + std::to_string(lanes.back());
  if (lanes.size() <= 4) {
    std::string s = "lanes ";
    for (size_t i = 0; i < lanes.size(); ++i) s += (i ? ", " : "") + std::to_string(lanes[i]);
    return s;
  }
  return std::to_string(lanes.size()) + " lanes (" + std::to_string(lanes[0]) + ", " +
         std::to_string(lanes[1]) + ", ..., " + std::to_string(lanes.back()) + ")";
}

std::string Degree(int d) {
  return d <= 1 ? "no conflict" : std::to_string(d) + "-way conflict";
}

}  // namespace

std::string BankSentence(const Trace& trace, int round, const RoundBanks& plain,
                         const RoundBanks& padded, bool show_padded) {
  std::string title = RoundTitle(trace, round);
  if (!title.empty())
    title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
  const RoundBanks& shown = show_padded ? padded : plain;
  const WarpAccess* worst = shown.Worst();
  if (worst == nullptr)
    return title + ": no shared-memory access (registers and global memory have no banks).";
  std::string s = title + ": ";
  if (worst->degree <= 1) {
    s += "every warp's access hits distinct banks or one broadcast word: no conflict.";
  } else {
    const std::vector<int> lanes = worst->LanesInBank(worst->worst_bank);
    s += DescribeLanes(lanes) + " of warp " + std::to_string(worst->warp) + " (" +
         ToString(worst->slot) + ", " +
         trace.arrays[static_cast<size_t>(worst->lanes.front().array)].name + ") hit bank " +
         std::to_string(worst->worst_bank) + ": a " + Degree(worst->degree) + ", " +
         std::to_string(worst->degree) + " transactions instead of 1.";
  }
  if (!PaddingApplies(trace)) return s;
  const int other = (show_padded ? plain : padded).worst_degree;
  if (show_padded)
    return s + " Without padding: " + (other <= 1 ? "no conflict" : "a " + Degree(other)) + ".";
  if (worst->degree > 1) {
    // Where the same lanes' words go with padding: the same access of the padded analysis.
    for (const WarpAccess& a : padded.accesses) {
      if (a.warp != worst->warp || a.slot != worst->slot || a.kind != worst->kind) continue;
      return s + " Padding spreads them over " + std::to_string(a.DistinctBanks()) +
             " banks: " + (a.degree <= 1 ? "no conflict" : "a " + Degree(a.degree)) + ".";
    }
  }
  return s;
}

}  // namespace scanviz::teach
