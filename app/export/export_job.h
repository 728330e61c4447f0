// An export plan (export_plan.h) carried out beside the app, as a job: the UI thread captures each
// round it needs (a GIF frame, a PNG's picture, an SVG's text) and hands it over; a worker thread
// quantizes the GIF's frames, encodes the PNGs and, once every round is in, writes the files. No
// GL, no ImGui: the app's renderer captures (app/figures/export_runner.h), this encodes and writes.
//
//   kRunning --every round delivered and encoded--> writing --> kDone
//   kRunning --Cancel--> kCancelled  (the worker stops after the item in hand; nothing written)
//   kRunning --Fail, an encoding error--> kFailed  (nothing written)
//
// Nothing is written before every round is encoded: a cancelled or failed job leaves no file, a
// GIF included (each file is written whole, through a temporary file, WriteFileAtomically). Once
// the writing starts (the files' bytes are in memory: a few milliseconds) it runs to the end, and
// a Cancel then comes too late: the job is done. A write that fails leaves the files before it.
//
// The captures queue up to kQueueDepth rounds (a 1920x1080 round is 8 MB): NextRound says none
// while the queue is full, so the UI thread draws no faster than the worker encodes. Without
// threads (the web) the worker's part runs inside Deliver.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "export/export_plan.h"
#include "export/gif_writer.h"
#include "export/image.h"

namespace scanviz::exports {

// What a job needs of one round: its GIF frame (opaque), its PNG's picture (transparent when the
// style says), its SVG. `svg_path`: the file that must have an SVG (not one of a sequence, whose
// picture-only kinds have PNGs alone), named by the error when the kind draws none.
struct RoundNeeds {
  bool gif = false, png = false, svg = false;
  std::string svg_path;
  bool Picture() const { return gif || png; }
};

// One round as the UI thread captured it; what the round does not need stays empty.
struct RoundCapture {
  RgbaImage gif;
  RgbaImage png;  // empty: the GIF's frame is the PNG's picture too (both opaque)
  // The SVG, written by the worker (the long part of it): none for a picture-only kind (a
  // sequence's file then left out).
  std::function<std::string()> svg;
};

// PNG bytes of `image` (RGBA when `alpha`, else RGB): empty, or why not. The app's is stb's.
using PngEncoder = std::function<std::string(const RgbaImage& image, bool alpha, std::string* png)>;

struct JobStatus {
  enum class State { kRunning, kDone, kCancelled, kFailed };
  State state = State::kRunning;
  int captured = 0;         // rounds delivered
  int encoded = 0;          // rounds the worker has finished with
  int total = 0;            // rounds to capture
  bool cancelling = false;  // Cancel called, the worker not yet stopped
  std::string error;        // kFailed: why, naming the file
  bool Finished() const { return state != State::kRunning; }
};

class ExportJob {
 public:
  static constexpr int kQueueDepth = 3;

  // `plan` without an error, checked (CheckTargets); `gif_delay_ms` the GIF's frames'.
  // `threaded`: the worker on its own thread (false: inside Deliver, as the web must).
  // `wake`: called on the worker after each round it encodes and when it stops (the app posts an
  // empty event, so that a loop asleep draws the progress).
  ExportJob(ExportPlan plan, bool transparent, int gif_delay_ms, PngEncoder png,
            bool threaded = true, std::function<void()> wake = {});
  ~ExportJob();  // cancels and waits for the worker
  ExportJob(const ExportJob&) = delete;
  ExportJob& operator=(const ExportJob&) = delete;

  const ExportPlan& Plan() const { return m_plan; }
  // The rounds to capture, in order (a GIF's: every round; a PNG's or SVG's: its own).
  const std::vector<int>& Rounds() const { return m_rounds; }
  RoundNeeds Needs(int round) const;
  // The next round to capture; none once all are delivered, while the queue is full, or once the
  // job stops (cancelled, failed).
  std::optional<int> NextRound() const;
  // The capture of NextRound()'s round.
  void Deliver(int round, RoundCapture capture);
  // The UI thread could not capture (the GL driver): the job fails with `error`.
  void Fail(std::string error);
  void Cancel();
  JobStatus Status() const;
  // Until the worker is done (the command line's exports, a test).
  JobStatus Wait();

 private:
  struct Item {
    int round;
    RoundCapture capture;
  };
  struct Encoded;  // the files' bytes as they are made
  void WorkerLoop();
  void WorkerRounds();
  std::string Encode(Item& item);  // one round into the files: empty, or why not
  std::string Finish();            // the GIF ended, the files written
  void Stop(JobStatus::State state, std::string error);  // under m_mutex

  ExportPlan m_plan;
  bool m_transparent;
  std::vector<int> m_delays;
  PngEncoder m_png;
  std::function<void()> m_wakeup;
  std::vector<int> m_rounds;
  std::unique_ptr<Encoded> m_out;  // the worker's alone

  mutable std::mutex m_mutex;
  std::condition_variable m_wake;  // an item queued, a cancel, the end (to the worker and Wait)
  std::deque<Item> m_queue;
  JobStatus m_status;
  bool m_cancel = false;
  std::thread m_worker;
};

}  // namespace scanviz::exports
