// GridModel (grid_model.h): the multi-block grid traced when first asked for after an edit, its
// check on a worker for a large grid, a grid trace file, and a block opened in the single-block
// view.
#include "kinds/multi_block/grid_model.h"

#include <algorithm>
#include <chrono>

#include "core/grid/grid_steps.h"
#include "scene/grid_scene.h"
#include "state/launch.h"

namespace scanviz {
namespace {
template <class T>
bool Ready(const std::future<T>& f) {
  return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}
}  // namespace

GridModel::~GridModel() {
  FinishCheck();
  for (std::future<Checked>& dropped : m_dropped) dropped.wait();
  for (std::future<void>& drop : m_drops) drop.wait();
}

void GridModel::SetBlockAlgorithm(Algorithm a) {
  if (!IsGridBlockAlgorithm(a) || a == m_block_algorithm) return;
  CloseBlock();
  m_block_algorithm = a;
  m_stale = true;  // traced again when next shown
}

void GridModel::SetBlockSize(int block_size) {
  int b = kMinGridBlockSize;
  while (b * 2 <= std::min(block_size, kMaxGridBlockSize)) b *= 2;
  if (b == m_block_size) return;
  CloseBlock();
  selected.reset();
  m_block_size = b;
  m_stale = true;
}

const GridSlot& GridModel::Traced() {
  if (m_stale) Regenerate();
  return m_slot;
}

void GridModel::Regenerate() {
  m_stale = false;
  GridRequest r;
  r.block_algorithm = m_block_algorithm;
  r.block_size = m_block_size;
  r.op = m_input.op;
  r.type = m_input.type;
  r.input = m_input.values;
  r.convert = m_input.convert;
  const int step = m_player.Round();
  DropCheck();  // the grid replaced below: its verdict no longer matters
  if (m_background_check && m_slot.grid.N() >= kBackgroundCheck) {
    // A large grid's many vectors take tens of milliseconds to free (50 ms in blocks of 4): on a
    // worker, after the new grid is on screen (AfterFrame).
    m_replaced = std::move(m_slot);
  }
  m_slot = GridSlot{};
  if (std::string error = ValidateGridRequest(r); !error.empty()) {
    m_slot.error = std::move(error);
    m_player.SetRoundCount(1);
    CloseBlock();
    return;
  }
  // The grid is one synchronous run (ModelInput::SyncBackend), the simulator when CUDA fails. A
  // large one's block traces are made on the checking worker, unless a block of it is open.
  const bool later =
      m_background_check && !m_opened && r.input.size() >= static_cast<size_t>(kBackgroundCheck);
  const BlockTraces traces = later ? BlockTraces::kLater : BlockTraces::kRecorded;
  GridOutcome out = RunGridScan(m_input.SyncBackend(), r, traces);
  if (!out.grid) {
    const std::string why = out.error;
    out = RunGridScan(BackendChoice::kCpu, r, traces);
    out.ran = "CPU simulation (CUDA failed: " + why + ")";
  }
  m_slot.grid = std::move(*out.grid);
  m_slot.ran = out.ran;
  if (m_background_check && m_slot.grid.N() >= kBackgroundCheck) {
    m_slot.checked = false;  // "checking" until AfterFrame's worker is done
    m_check_due = true;
  } else {
    if (!m_slot.grid.HasBlockTraces()) TraceBlocks(&m_slot.grid);
    m_slot.problems = CheckGrid(m_slot.grid);
  }
  m_player.SetRoundCount(static_cast<int>(GridSteps(m_slot.grid).size()));
  m_player.Seek(step);
  if (selected && !scene::BuildGridScene(m_slot.grid, 0).FindCell(*selected)) selected.reset();
  hovered.reset();
  if (m_opened) InstallBlock();
}

void GridModel::Open(GridTrace grid, std::string origin) {
  m_block_algorithm = grid.block_algorithm;
  m_block_size = grid.block_size;
  FinishCheck();
  m_slot = GridSlot{};
  m_slot.problems = CheckGrid(grid);
  m_slot.grid = std::move(grid);
  m_slot.ran = std::move(origin);
  m_stale = false;
  m_player.SetRoundCount(static_cast<int>(GridSteps(m_slot.grid).size()));
  m_player.Last();
}

// [SECTION] A block of the grid in the single-block view

bool GridModel::OpenBlock(int level, int block) {
  const GridTrace* grid = scene::GridLevel(Traced().grid, level);
  if (grid == nullptr || block < 0 || block >= grid->BlockCount()) return false;
  EnsureBlockTraces();
  m_opened = OpenedBlock{level, block};
  InstallBlock();
  m_block_player.Last();  // the block as phase 1 left it; Home and Left walk its rounds
  m_block_selection.selected.reset();
  m_block_selection.hovered.reset();
  m_block_selection.algorithm = m_block_algorithm;
  return true;
}

void GridModel::CloseBlock() {
  if (!m_opened) return;
  m_opened.reset();
  m_block_selection.selected.reset();
  m_block_selection.hovered.reset();
}

void GridModel::InstallBlock() {
  const GridTrace* grid = scene::GridLevel(m_slot.grid, m_opened->level);
  if (grid == nullptr || m_opened->block >= grid->BlockCount()) {
    m_opened.reset();  // the edit took the block away
    return;
  }
  TraceSlot& slot = m_block_slot;
  const int round = m_block_player.Round();
  slot.trace = grid->blocks[static_cast<size_t>(m_opened->block)];
  slot.analysis = Analyze(slot.trace);
  slot.ran = m_slot.ran;
  slot.correct.reset();
  slot.mistake = {};
  FillTeach(slot);
  m_block_player.SetRoundCount(static_cast<int>(slot.trace.rounds.size()));
  m_block_player.Seek(round);
  if (m_block_selection.selected &&
      !scene::HasCell(slot.trace, slot.analysis, *m_block_selection.selected))
    m_block_selection.selected.reset();
}

// [SECTION] CheckGrid on a worker

void GridModel::AfterFrame() {
  if (m_replaced) {
    m_drops.push_back(
        Launch([old = std::move(*m_replaced)]() mutable { const GridSlot gone = std::move(old); }));
    m_replaced.reset();
  }
  std::erase_if(m_drops, Ready<void>);
  std::erase_if(m_dropped, Ready<Checked>);
  if (!m_check_due) return;
  m_check_due = false;
  m_check_on_copy = !m_slot.grid.HasBlockTraces();
  if (!m_check_on_copy) {
    m_check = Launch([grid = &m_slot.grid] { return Checked{std::nullopt, CheckGrid(*grid)}; });
    return;
  }
  // The arrays copied here (2 MB at 2^16, no traces yet): the worker owns what it reads, so an
  // edit while it runs stops it (DropCheck) instead of waiting for it.
  m_stop = std::make_shared<std::atomic<bool>>(false);
  m_check = Launch([grid = m_slot.grid, stop = m_stop]() mutable {
    Checked out;
    if (!TraceBlocks(&grid, stop.get())) return out;  // replaced meanwhile
    out.problems = CheckGrid(grid);
    out.traced = std::move(grid);
    return out;
  });
}

void GridModel::DropCheck() {
  m_check_due = false;
  if (!m_check.valid()) return;
  if (!m_check_on_copy) {
    FinishCheck();  // it reads m_slot, about to be replaced
    return;
  }
  m_stop->store(true, std::memory_order_relaxed);
  m_dropped.push_back(std::move(m_check));
}

namespace {
// The block traces of `from` (a copy of `into`, every level) moved into `into`.
void TakeBlockTraces(GridTrace* into, GridTrace&& from) {
  if (into->blocks.empty()) into->blocks = std::move(from.blocks);
  for (size_t i = 0; i < into->sums_scan.size() && i < from.sums_scan.size(); ++i)
    TakeBlockTraces(&into->sums_scan[i], std::move(from.sums_scan[i]));
}
}  // namespace

void GridModel::FinishCheck() {
  if (m_check_due) AfterFrame();  // asked before the frame was shown: start it now
  if (!m_check.valid()) return;
  Checked done = m_check.get();
  if (done.traced) TakeBlockTraces(&m_slot.grid, std::move(*done.traced));
  m_slot.problems = std::move(done.problems);
  m_slot.checked = true;
}

void GridModel::EnsureBlockTraces() {
  if (m_slot.grid.HasBlockTraces()) return;
  FinishCheck();
  if (!m_slot.grid.HasBlockTraces()) TraceBlocks(&m_slot.grid);  // no worker had them to make
}

void GridModel::Poll() {
  if (m_check.valid() && m_check.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
    FinishCheck();
}

bool GridModel::WaitForCheck(double seconds) {
  if (m_check_due) AfterFrame();
  if (m_check.valid() &&
      m_check.wait_for(std::chrono::duration<double>(seconds)) != std::future_status::ready)
    return false;
  FinishCheck();
  return true;
}

std::string GridVerdict(const GridSlot& slot, bool last_step) {
  if (!slot.checked) return "… checking every phase's invariant (CheckGrid) · " + slot.ran;
  if (!slot.problems.empty()) return "✗ " + slot.problems.front();
  return (last_step ? "✓ every phase's invariant holds (CheckGrid) · " : "→ next phase · ") +
         slot.ran;
}

}  // namespace scanviz
