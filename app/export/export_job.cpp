#include "export/export_job.h"

#include <algorithm>
#include <filesystem>
#include <utility>

#ifdef __linux__
#include <sys/resource.h>

#include <cerrno>
#endif

#include "core/file_io.h"

namespace scanviz::exports {

namespace fs = std::filesystem;

namespace {

// Done, or failed with `err`. Taken into a local before `err` is moved into Stop: the order in
// which a call's arguments are evaluated is the compiler's, and GCC built the moved string first,
// so a failed export reported done (issue #38, finding 1).
JobStatus::State Outcome(const std::string& err) {
  return err.empty() ? JobStatus::State::kDone : JobStatus::State::kFailed;
}

}  // namespace

// The worker's: the GIF being made, and each file's bytes (none yet, or a sequence's SVG left
// out for a picture-only kind).
struct ExportJob::Encoded {
  std::unique_ptr<GifWriter> gif;
  std::vector<std::optional<std::string>> files;
};

ExportJob::ExportJob(ExportPlan plan, bool transparent, int gif_delay_ms, PngEncoder png,
                     bool threaded, std::function<void()> wake)
    : m_plan(std::move(plan)),
      m_transparent(transparent),
      m_delays(FrameDelays(m_plan.round_count, gif_delay_ms)),
      m_png(std::move(png)),
      m_wakeup(std::move(wake)),
      m_out(std::make_unique<Encoded>()) {
  m_out->files.resize(m_plan.files.size());
  for (const ExportFile& f : m_plan.files) {
    if (f.format == Format::kGif) {
      m_rounds.clear();
      for (int r = 0; r < m_plan.round_count; ++r) m_rounds.push_back(r);
      break;
    }
    m_rounds.push_back(f.round);
  }
  std::sort(m_rounds.begin(), m_rounds.end());
  m_rounds.erase(std::unique(m_rounds.begin(), m_rounds.end()), m_rounds.end());
  m_status.total = static_cast<int>(m_rounds.size());
  if (threaded) {
    m_worker = std::thread([this] { WorkerLoop(); });
  } else if (m_rounds.empty()) {
    std::string err = Finish();
    const JobStatus::State state = Outcome(err);
    Stop(state, std::move(err));
  }
}

ExportJob::~ExportJob() {
  Cancel();
  if (m_worker.joinable()) m_worker.join();
}

RoundNeeds ExportJob::Needs(int round) const {
  RoundNeeds needs;
  for (const ExportFile& f : m_plan.files) {
    if (f.format == Format::kGif) needs.gif = true;
    if (f.round != round) continue;
    if (f.format == Format::kPng) needs.png = true;
    if (f.format == Format::kSvg) {
      needs.svg = true;
      if (!f.sequence && needs.svg_path.empty()) needs.svg_path = f.path;
    }
  }
  return needs;
}

std::optional<int> ExportJob::NextRound() const {
  const std::lock_guard lock(m_mutex);
  if (m_status.Finished() || m_cancel || m_status.captured >= m_status.total ||
      static_cast<int>(m_queue.size()) >= kQueueDepth)
    return std::nullopt;
  return m_rounds[static_cast<size_t>(m_status.captured)];
}

void ExportJob::Deliver(int round, RoundCapture capture) {
  {
    const std::lock_guard lock(m_mutex);
    if (m_status.Finished() || m_cancel || m_status.captured >= m_status.total ||
        m_rounds[static_cast<size_t>(m_status.captured)] != round)
      return;
    ++m_status.captured;
    if (m_worker.joinable()) {
      m_queue.push_back({round, std::move(capture)});
      m_wake.notify_all();
      return;
    }
  }
  // No worker (the web): the round is encoded now, and after the last the files are written.
  Item item{round, std::move(capture)};
  std::string err = Encode(item);
  const std::lock_guard lock(m_mutex);
  if (!err.empty()) return Stop(JobStatus::State::kFailed, std::move(err));
  if (++m_status.encoded < m_status.total) return;
  err = Finish();
  const JobStatus::State state = Outcome(err);
  Stop(state, std::move(err));
}

void ExportJob::Fail(std::string error) {
  const std::lock_guard lock(m_mutex);
  if (!m_status.Finished()) Stop(JobStatus::State::kFailed, std::move(error));
}

void ExportJob::Cancel() {
  const std::lock_guard lock(m_mutex);
  if (m_status.Finished() || m_cancel) return;
  m_cancel = true;
  if (!m_worker.joinable()) return Stop(JobStatus::State::kCancelled, {});
  m_status.cancelling = true;
  m_wake.notify_all();
}

JobStatus ExportJob::Status() const {
  const std::lock_guard lock(m_mutex);
  return m_status;
}

JobStatus ExportJob::Wait() {
  std::unique_lock lock(m_mutex);
  if (m_worker.joinable()) m_wake.wait(lock, [&] { return m_status.Finished(); });
  return m_status;
}

void ExportJob::Stop(JobStatus::State state, std::string error) {
  m_status.state = state;
  m_status.error = std::move(error);
  m_status.cancelling = false;
  m_queue.clear();  // the captures not encoded: their memory back now
  m_wake.notify_all();
}

// [SECTION] The worker

void ExportJob::WorkerLoop() {
#ifdef __linux__
  // Behind the UI thread for the CPU (Linux gives each thread its own niceness): on two cores
  // the window's frames come first, the encoding in what is left.
  errno = 0;
  const int nice = getpriority(PRIO_PROCESS, 0);
  if (errno == 0) setpriority(PRIO_PROCESS, 0, std::min(nice + 5, 19));
#endif
  WorkerRounds();
  if (m_wakeup) m_wakeup();  // stopped: the app takes the outcome
}

void ExportJob::WorkerRounds() {
  for (;;) {
    Item item;
    {
      std::unique_lock lock(m_mutex);
      if (m_status.encoded == m_status.total) break;  // every round in: the files
      m_wake.wait(lock, [&] { return m_status.Finished() || m_cancel || !m_queue.empty(); });
      if (m_status.Finished()) return;  // the UI thread failed it
      if (m_cancel) return Stop(JobStatus::State::kCancelled, {});
      item = std::move(m_queue.front());
      m_queue.pop_front();
    }
    std::string err = Encode(item);
    {
      const std::lock_guard lock(m_mutex);
      if (!err.empty()) return Stop(JobStatus::State::kFailed, std::move(err));
      ++m_status.encoded;
      if (m_cancel) return Stop(JobStatus::State::kCancelled, {});
      m_wake.notify_all();  // room in the queue; Wait's callers
    }
    if (m_wakeup) m_wakeup();
  }
  std::string err = Finish();
  const std::lock_guard lock(m_mutex);
  const JobStatus::State state = Outcome(err);
  Stop(state, std::move(err));
}

std::string ExportJob::Encode(Item& item) {
  RoundCapture& c = item.capture;
  std::string png;
  std::optional<std::string> svg;
  for (size_t i = 0; i < m_plan.files.size(); ++i) {
    const ExportFile& f = m_plan.files[i];
    if (f.format == Format::kGif) {
      if (m_out->gif == nullptr)
        m_out->gif = std::make_unique<GifWriter>(c.gif.width, c.gif.height);
      if (!m_out->gif->AddFrame(c.gif, m_delays[static_cast<size_t>(item.round)]))
        return f.path + ": " + m_out->gif->Error();
      continue;
    }
    if (f.round != item.round) continue;
    if (f.format == Format::kPng) {
      if (png.empty()) {
        const RgbaImage& picture = c.png.pixels.empty() ? c.gif : c.png;
        if (std::string err = m_png(picture, m_transparent, &png); !err.empty())
          return f.path + ": " + err;
      }
      m_out->files[i] = png;
    } else if (c.svg) {
      if (!svg) svg = c.svg();
      m_out->files[i] = *svg;
    } else if (!f.sequence) {
      return f.path + ": a picture only, with no SVG; export it as PNG";
    }
  }
  return {};
}

std::string ExportJob::Finish() {
  for (size_t i = 0; i < m_plan.files.size(); ++i) {
    const ExportFile& f = m_plan.files[i];
    if (f.format != Format::kGif) continue;
    if (m_out->gif == nullptr) return f.path + ": no frames";
    std::string bytes = m_out->gif->Finish();
    if (bytes.empty()) return f.path + ": " + m_out->gif->Error();
    m_out->files[i] = std::move(bytes);
  }
  // The sequence's folder is made when it is not there, and removed again if the files fail.
  bool made = false;
  if (!m_plan.sequence_dir.empty()) {
    std::error_code ec;
    made = fs::create_directory(m_plan.sequence_dir, ec);
    if (ec) return "cannot make " + m_plan.sequence_dir + ": " + ec.message();
  }
  // Every file or none: a GIF written and its sequence refused would be half an export.
  std::vector<FileContents> files;
  for (size_t i = 0; i < m_plan.files.size(); ++i)
    if (m_out->files[i]) files.emplace_back(m_plan.files[i].path, *m_out->files[i]);
  const std::string extra = m_plan.extra ? m_plan.extra() : std::string();
  if (!m_plan.extra_path.empty()) files.emplace_back(m_plan.extra_path, extra);
  std::string err = WriteFilesAtomically(files);
  if (!err.empty() && made) {
    std::error_code ec;
    fs::remove(m_plan.sequence_dir, ec);  // only when empty
  }
  return err;
}

}  // namespace scanviz::exports
