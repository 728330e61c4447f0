// The algorithm registry: one entry per algorithm describes everything the rest of ScanViz needs
// to know about it besides its driver (core/algorithms/<name>.h): its names and flavour, its
// phases with their titles and code tags, its arrays, the invariant window of every cell, the
// chapters' box for each action, and its work and depth formulas. The CLI, the analysis, the
// scene and the app iterate the registry; none of them names an algorithm.
//
// The teaching side (narration, pseudo-code) has its own entry per algorithm in app/teach, keyed
// by the same Algorithm.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/cell.h"
#include "core/trace.h"

namespace scanviz {

struct PhaseInfo {
  const char* key;  // "up-sweep": the file format and the CLI's tables
  // The round's title as the chapters name it ("round 0 · staging step (load)", "up-sweep round
  // {phase_round} · stride {stride}", "seed step · root = identity"): "{round}" (the trace's
  // round index), "{phase_round}" and "{stride}" are replaced.
  const char* title;
  const char* anchor;                // the code tag of the round's step line
  std::vector<const char*> context;  // tags lit with it: its loop header, a buffer swap
  const char* summary;               // one line for the CLI table: what the round does
  // Whether its rounds count as the chapters count rounds (the ones that apply the operator):
  // Blelloch's 2 log2 n are the sweeps', not the staging step or the seed step between them.
  bool counted = false;
};

struct AlgorithmInfo {
  Algorithm id;
  const char* key;      // "hillis-steele"
  const char* name;     // "Hillis-Steele"
  const char* summary;  // one line: what it is and what it costs
  bool inclusive;       // the flavour it computes without the conversion round
  std::vector<PhaseInfo> phases;
  int (*padded_size)(int n);  // cells of its thread-indexed arrays
  int (*block_size)(int n);   // threads
  // Its arrays at n, with the conversion round or without (an array only the conversion writes,
  // such as Sklansky's register x, exists only when it runs).
  std::vector<ArrayDesc> (*arrays)(int n, bool convert);
  // Whether a buffer's role (pin or pout) changes from round to round, so that each round's
  // read buffer is worth drawing (Hillis-Steele's double buffering).
  bool double_buffered;
  // The window a defined cell of array `array` must hold after round `round`.
  Window (*window)(const Trace& trace, int round, int array, int pos);
  // The chapters' class of a cell written by an action of this kind.
  CellClass (*cell_class)(ActionKind kind);
  // Hillis-Steele's Case 1/2/3 of position `pos` in a round (0: not applicable); may be null.
  int (*cell_case)(const TraceMeta& meta, const RoundSpec& spec, int pos);
  // Work (operator applications) and depth (rounds that apply it) of a scan of n elements,
  // without the conversion round, and the formulas in words for captions.
  int (*work)(int n);
  int (*depth)(int n);
  const char* work_formula;
  const char* depth_formula;
  const char* work_short;  // the work formula in symbols, for tables: "2(n'-1)"
  // Whether its shared buffer has the conflict-free padded layout (core/padded.h: a pad word after
  // every 32, the CUDA samples' CONFLICT_FREE_OFFSET): the Warps & banks tab's padding option, and
  // the layout the GPU's cycle measurement times beside the plain one. Blelloch's strided tree
  // needs it; an algorithm whose accesses are consecutive or broadcasts has no conflict for padding
  // to remove. Its steps index a shared array through whatever exec.Shared returns, so a
  // PaddedView can stand in for a pointer. (A default: an entry without the layout need not say.)
  bool padded_layout = false;
};

const AlgorithmInfo& Info(Algorithm a);
std::span<const AlgorithmInfo* const> Algorithms();
// Every key, for messages and help: "hillis-steele, blelloch, warp-shuffle or sklansky".
std::string AlgorithmKeys();

// An algorithm's name and its phases' keys, for the CLI, the file format and the UI (its key is
// ToString(Algorithm), from the list in core/algorithm_id.h, which each entry's key repeats).
const char* DisplayName(Algorithm a);  // "Hillis-Steele", "Blelloch", ...
// A phase of `a` by its key ("up-sweep") or its key by id; "?" for an id the algorithm lacks.
bool ParsePhase(Algorithm a, std::string_view s, PhaseId* out);
const char* PhaseName(Algorithm a, PhaseId phase);

// The metadata of a trace of `request`: its algorithm's sizes and arrays at its n.
TraceMeta MakeMeta(const ScanRequest& request);

// The chapters' classes of Hillis-Steele's boxes, for the cell_class of every algorithm whose
// cells are loaded, copied, computed (a new combination) or seeded as Hillis-Steele's are (its
// own, the warp-shuffle scan's): any other action leaves the cell unchanged.
CellClass HillisSteeleClassOf(ActionKind kind);

// The chapters' count of round `index` of a trace: {k, total} for a counted round (Blelloch's
// down-sweep round 1 on 8 elements is round 4 of 6), {0, total} for a step (staging, seed,
// conversion).
struct ChapterRound {
  int number = 0;
  int total = 0;
};
ChapterRound ChapterRoundOf(const Trace& trace, int index);
// The round as a heading for the figure: its title, with the chapters' count when it is a round,
// in the chapters' own numbering: Hillis-Steele's rounds from 1 ("round 2 of 3 · stride 2"), a
// phase's rounds within their phase, as the Blelloch chapter numbers its sweeps ("down-sweep round
// 1 of 3 · stride 4", never a second count across the phases); a step keeps its title ("seed step
// · root = identity").
std::string RoundHeading(const Trace& trace, int index);

// The title of a round from the registry's phase titles: "up-sweep 2 · stride 2".
std::string RoundTitle(const Trace& trace, int round);

// Helpers for entries.
int Log2Ceil(int n);

}  // namespace scanviz
