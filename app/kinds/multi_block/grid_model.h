// The multi-block scan of the current input (the grid view): the grid, traced when first asked
// for after an edit, its player, CheckGrid's verdict (on a worker for a large grid), a grid trace
// file shown until the next edit, and a block of it opened in the single-block view (its trace,
// analysis, teaching data and player). It scans the whole input (up to kMaxGridElements). No GL,
// no ImGui: the multi-block kind's state holds it (multi_block_state.h), stale after every edit.
#pragma once

#include <atomic>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/grid/grid.h"
#include "state/kind_state.h"
#include "scene/grid_scene.h"
#include "state/model_input.h"
#include "state/player.h"
#include "state/trace_slot.h"

namespace scanviz {

// The grid of the current input: its trace and where it ran.
struct GridSlot {
  GridTrace grid;
  std::vector<std::string> problems;  // CheckGrid's findings: empty when every phase holds
  std::string ran;                    // "CPU simulation", "CUDA: ..."
  std::string error;                  // why there is no grid (an input it cannot scan)
  bool checked = true;  // false while CheckGrid runs on a worker (GridModel::SetBackgroundCheck)
};

// CheckGrid's verdict under the grid's heading, in the view and in the exported SVG alike (issue
// #37 item 13: the SVG had none): "✓ every phase's invariant holds (CheckGrid) · CPU simulation"
// at the last step, "→ next phase · ..." before it, "✗ " and the first problem, or "… checking".
std::string GridVerdict(const GridSlot& slot, bool last_step);

// A block of the grid opened in the single-block view: its level (0: the scan asked for, d: the
// sums scan of level d - 1) and number.
struct OpenedBlock {
  int level = 0;
  int block = 0;
  bool operator==(const OpenedBlock&) const = default;
};

class GridModel {
 public:
  // Reads `input` when it traces; drops the grid's selection (below) and the block's (`block`,
  // the block scans' own, which an opened block shares) when a trace takes their cell away.
  GridModel(const ModelInput& input, const BlockSelection& block)
      : m_input(input), m_block_selection(block) {}
  ~GridModel();  // waits for a running check, which reads the grid
  GridModel(const GridModel&) = delete;
  GridModel& operator=(const GridModel&) = delete;

  void SetBlockAlgorithm(Algorithm a);  // any block algorithm of the registry
  Algorithm BlockAlgorithm() const { return m_block_algorithm; }
  void SetBlockSize(int block_size);  // a power of two in 4..1024 (rounded down, clamped)
  int BlockSize() const { return m_block_size; }
  // The live app checks a large grid (kBackgroundCheck elements or more: 50..90 ms at 2^16) on
  // a worker, so an edit shows before CheckGrid's verdict; Poll() takes the verdict. Such a grid
  // is shown from its arrays first (BlockTraces::kLater: 7 ms instead of 29 at 2^16 in blocks of
  // 4), and the same worker traces its blocks before it checks them. Off by default: tests,
  // screenshots and exports trace and check before the grid is shown.
  static constexpr int kBackgroundCheck = 16384;
  void SetBackgroundCheck(bool on) { m_background_check = on; }
  bool WaitForCheck(double seconds);  // true once the shown grid is checked
  bool CheckRunning() const { return m_check.valid() || m_check_due; }
  void Poll();  // takes a finished check's verdict
  // After the new grid's pixels (AppState::CatchUp): the replaced grid freed and the new one's
  // check started on workers, so that neither competes with the edit's frame for the cores.
  void AfterFrame();

  // Traced when first asked for after an edit; not const: tracing replaces the player's step
  // count, closes a block the edit took away and may start the check on a worker.
  const GridSlot& Traced();
  Player& GridPlayer() {
    Traced();
    return m_player;
  }
  int PlayerStep() const { return m_player.Round(); }  // the grid player's step, not traced again
  void MarkStale() { m_stale = true; }                 // an edit: traced again when next asked for
  // Shows a grid trace recorded elsewhere (checked by the caller: a grid the view can hold) with
  // its block scan and size, until the next edit; its player on the last step.
  void Open(GridTrace grid, std::string origin);

  // Opens block `block` of level `level` (false: no such block); CloseBlock returns to the grid.
  bool OpenBlock(int level, int block);
  void CloseBlock();
  const std::optional<OpenedBlock>& Opened() const { return m_opened; }
  // The opened block's trace (with its analysis and teaching data) and player.
  const TraceSlot& BlockSlot() const { return m_block_slot; }
  Player& BlockPlayer() { return m_block_player; }

  // The grid's cell or block clicked, and the one under the pointer (as of the previous frame;
  // next_hovered: set by the view under the pointer this frame).
  std::optional<scene::GridCellRef> selected, hovered, next_hovered;

 private:
  void Regenerate();    // the grid of the current input, its player kept on its step
  void InstallBlock();  // the opened block's slot from the grid
  void FinishCheck();   // waits for a running check and takes its findings (and block traces)
  void DropCheck();  // the shown grid is replaced: a check of its own copy is stopped, not awaited
  void EnsureBlockTraces();  // the shown grid's block traces, waited for or made here

  const ModelInput& m_input;
  BlockSelection m_block_selection;
  Algorithm m_block_algorithm = Algorithm::kHillisSteele;
  int m_block_size = 4;
  GridSlot m_slot;
  // CheckGrid of m_slot.grid on a worker, which reads the grid: m_slot is not replaced while it
  // runs (FinishCheck waits first). A grid shown without its block traces is copied there, traced
  // (TraceBlocks), checked, and its traces moved into m_slot by FinishCheck.
  struct Checked {
    std::optional<GridTrace> traced;  // the copy with its block traces (none: m_slot had them)
    std::vector<std::string> problems;
  };
  bool m_background_check = false;
  std::future<Checked> m_check;
  bool m_check_on_copy = false;                 // m_check reads its own copy, not m_slot
  std::shared_ptr<std::atomic<bool>> m_stop;    // ... and stops tracing when this is set
  std::vector<std::future<Checked>> m_dropped;  // checks of replaced grids, stopping
  std::vector<std::future<void>> m_drops;       // grids replaced, freed on workers
  std::optional<GridSlot> m_replaced;  // ... once the new one is on screen (AfterFrame)
  bool m_check_due = false;            // m_slot's check, started then
  Player m_player;
  bool m_stale = true;
  std::optional<OpenedBlock> m_opened;
  TraceSlot m_block_slot;
  Player m_block_player;
};

}  // namespace scanviz
