// AppState's scans beyond one block (app_state.h): the multi-block grid (traced when first asked
// for after an edit, its check on a worker for a large grid, a block opened in the single-block
// view) and the single-pass timeline (simulated when first asked for, or a file's).
#include <algorithm>
#include <chrono>

#include "app_state.h"
#include "core/grid/grid_steps.h"

namespace scanviz {

// [SECTION] The multi-block scan

void AppState::SetGridBlockAlgorithm(Algorithm a) {
  if (!IsGridBlockAlgorithm(a) || a == m_grid_block_algorithm) return;
  CloseBlock();
  m_grid_block_algorithm = a;
  m_grid_stale = true;  // traced again when next shown
}

void AppState::SetGridBlockSize(int block_size) {
  int b = kMinGridBlockSize;
  while (b * 2 <= std::min(block_size, kMaxGridBlockSize)) b *= 2;
  if (b == m_grid_block_size) return;
  CloseBlock();
  view.grid_selected.reset();
  m_grid_block_size = b;
  m_grid_stale = true;
}

const GridSlot& AppState::Grid() {
  if (m_grid_stale) RegenerateGrid();
  return m_grid;
}

std::vector<double> AppState::BlockValues() const {
  if (!BlockScansTruncated()) return m_values;
  return {m_values.begin(), m_values.begin() + kMaxElements};
}

void AppState::RegenerateGrid() {
  m_grid_stale = false;
  GridRequest r;
  r.block_algorithm = m_grid_block_algorithm;
  r.block_size = m_grid_block_size;
  r.op = m_op;
  r.type = m_type;
  r.input = m_values;
  r.convert = m_convert;
  const int step = m_grid_player.Round();
  FinishGridCheck();  // the worker reads the grid replaced below
  if (m_background_grid_check && m_grid.grid.N() >= kBackgroundGridCheck) {
    // A large grid's many vectors take tens of milliseconds to free (33 ms in blocks of 4):
    // freed on a worker too.
    m_grid_drop = std::async(std::launch::async, [old = std::move(m_grid)]() mutable {
      const GridSlot gone = std::move(old);
    });
  }
  m_grid = GridSlot{};
  if (std::string error = ValidateGridRequest(r); !error.empty()) {
    m_grid.error = std::move(error);
    m_grid_player.SetRoundCount(1);
    CloseBlock();
    return;
  }
  // The simulator, unless CUDA is asked for (or "auto" has already found a device): the grid is
  // one synchronous run, so an unanswered "is there a GPU?" must not hold up the edit.
  const bool cuda = m_backend == BackendChoice::kCuda ||
                    (m_backend == BackendChoice::kAuto && m_backend_status.rfind("CUDA", 0) == 0);
  GridOutcome out = RunGridScan(cuda ? m_backend : BackendChoice::kCpu, r);
  if (!out.grid) {
    const std::string why = out.error;
    out = RunGridScan(BackendChoice::kCpu, r);
    out.ran = "CPU simulation (CUDA failed: " + why + ")";
  }
  m_grid.grid = std::move(*out.grid);
  m_grid.ran = out.ran;
  if (m_background_grid_check && m_grid.grid.N() >= kBackgroundGridCheck) {
    m_grid.checked = false;
    m_grid_check =
        std::async(std::launch::async, [grid = &m_grid.grid] { return CheckGrid(*grid); });
  } else {
    m_grid.problems = CheckGrid(m_grid.grid);
  }
  m_grid_player.SetRoundCount(static_cast<int>(GridSteps(m_grid.grid).size()));
  m_grid_player.Seek(step);
  if (view.grid_selected && !scene::BuildGridScene(m_grid.grid, 0).FindCell(*view.grid_selected))
    view.grid_selected.reset();
  view.grid_hovered.reset();
  if (m_opened) InstallBlock();
}

bool AppState::OpenBlock(int level, int block) {
  if (m_kind != KindId::kMultiBlock) return false;
  const GridTrace* grid = scene::GridLevel(Grid().grid, level);
  if (grid == nullptr || block < 0 || block >= grid->BlockCount()) return false;
  m_opened = OpenedBlock{level, block};
  InstallBlock();
  m_block_player.Last();  // the block as phase 1 left it; Home and Left walk its rounds
  view.selected.reset();
  view.hovered.reset();
  view.selected_algorithm = m_grid_block_algorithm;
  return true;
}

void AppState::CloseBlock() {
  if (!m_opened) return;
  m_opened.reset();
  view.selected.reset();
  view.hovered.reset();
}

void AppState::InstallBlock() {
  const GridTrace* grid = scene::GridLevel(m_grid.grid, m_opened->level);
  if (grid == nullptr || m_opened->block >= grid->BlockCount()) {
    m_opened.reset();  // the edit took the block away
    return;
  }
  TraceSlot& slot = m_block_slot;
  const int round = m_block_player.Round();
  slot.trace = grid->blocks[static_cast<size_t>(m_opened->block)];
  slot.analysis = Analyze(slot.trace);
  slot.ran = m_grid.ran;
  slot.correct.reset();
  slot.mistake = {};
  FillTeach(slot);
  m_block_player.SetRoundCount(static_cast<int>(slot.trace.rounds.size()));
  m_block_player.Seek(round);
  if (view.selected && !scene::HasCell(slot.trace, slot.analysis, *view.selected))
    view.selected.reset();
}

void AppState::FinishGridCheck() {
  if (m_grid_drop.valid()) m_grid_drop.wait();
  if (!m_grid_check.valid()) return;
  m_grid.problems = m_grid_check.get();
  m_grid.checked = true;
}

bool AppState::WaitForGridCheck(double seconds) {
  if (m_grid_check.valid() &&
      m_grid_check.wait_for(std::chrono::duration<double>(seconds)) != std::future_status::ready)
    return false;
  FinishGridCheck();
  return true;
}

// [SECTION] The single-pass scan

const SinglePassTrace& AppState::SinglePass() {
  const SinglePassKey key{m_generation, view.tile_size, view.tile_order, false};
  // A file's trace stays until an edit, or until another tile size or order is asked for.
  if (ShowsFileSinglePass()) return *m_single_pass;
  if (!m_single_pass || key.generation != m_single_pass_key.generation ||
      key.tile_size != m_single_pass_key.tile_size || key.order != m_single_pass_key.order) {
    SinglePassRequest r;
    r.tile_size = std::clamp(view.tile_size, kMinGridBlockSize, kMaxGridBlockSize);
    r.order = view.tile_order;
    r.op = m_op;
    r.type = m_type;
    r.input = m_values;
    r.convert = m_convert;
    m_single_pass = SimulateSinglePass(r);
    m_single_pass_key = key;
    ++m_single_pass_version;
    m_single_pass_origin = "the simulator's schedule (simulated, not measured)";
  }
  return *m_single_pass;
}

bool AppState::ShowsFileSinglePass() const {
  return m_single_pass && m_single_pass_key.from_file &&
         m_single_pass_key.generation == m_generation &&
         m_single_pass_key.tile_size == view.tile_size &&
         m_single_pass_key.order == view.tile_order;
}

}  // namespace scanviz
