// The classroom's teacher side on the desktop (issue #34; docs/classroom.md): `scanviz --teach
// URL` publishes each change of the view (its share fragment, what Copy link writes) to
// `scanviz-cli serve`. The publisher owns one background thread that sends through an injected
// function (the app's: a cpp-httplib client, class_teach_native.cpp; the tests': a fake), so the
// UI thread only hands over the latest fragment and never waits on the network. No UI, no HTTP.
//
//   1. Offer(fragment): kept as the latest; an older one not yet sent is dropped (latest wins).
//   2. The thread sends the latest that differs from the last accepted, at most one each
//      `min_gap` (coalescing a burst of steps to its last view).
//   3. No answer (the server is down): retried after `backoff_first`, doubling to `backoff_max`.
//   4. Every `resend_every` with nothing new the current view goes again: a restarted server
//      (which starts with no view) has it back within that time, and its students catch up.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace scanviz {

// What `scanviz-cli serve` prints for the teacher: http://HOST:P/#class&key=KEY.
struct TeachUrl {
  std::string host;
  int port = 80;
  std::string key;
  std::string students;  // http://HOST:P/#class, the address the students open
};
// The teacher's address, or nullopt with *error saying what is wrong with it.
std::optional<TeachUrl> ParseTeachUrl(const std::string& url, std::string* error);
// Takes `--teach URL` (or --teach=URL) out of argv before the app's options read it: the URL, or
// "" when it is not there; *error when the flag has no URL.
std::string TakeTeachFlag(int* argc, char** argv, std::string* error);

class ClassPublisher {
 public:
  // Sends one fragment; returns the HTTP status (204: accepted), or 0 when nothing answered.
  using Send = std::function<int(const std::string& fragment)>;
  struct Options {
    std::chrono::milliseconds min_gap{50};         // between two sends
    std::chrono::milliseconds backoff_first{250};  // the first retry after no answer
    std::chrono::milliseconds backoff_max{2000};   // the longest wait between retries
    std::chrono::milliseconds resend_every{1000};  // the current view again, for a restart
  };
  enum class Health { kStarting, kOk, kDown, kRefused };
  struct Status {
    Health health = Health::kStarting;
    int last_http = 0;       // the last answer's status (0: none)
    long long accepted = 0;  // sends the server took (204)
    long long attempts = 0;  // sends tried
  };

  // `changed` (optional) is called on the thread when the status changes (the app wakes its loop).
  explicit ClassPublisher(Send send, Options options, std::function<void()> changed = {});
  explicit ClassPublisher(Send send) : ClassPublisher(std::move(send), Options{}) {}
  ~ClassPublisher();  // stops the thread (waits for a send in progress)
  ClassPublisher(const ClassPublisher&) = delete;
  ClassPublisher& operator=(const ClassPublisher&) = delete;

  void Offer(const std::string& fragment);  // never blocks on the network
  Status GetStatus() const;

 private:
  using Clock = std::chrono::steady_clock;
  void Run();
  void Note(int http);  // the answer to one send; under the lock

  Send m_send;
  Options m_options;
  std::function<void()> m_changed;
  mutable std::mutex m_mutex;
  std::condition_variable m_wake;
  std::string m_latest;    // the view offered last
  std::string m_accepted;  // the view the server took last
  bool m_stop = false;
  Status m_status;
  std::thread m_thread;  // last: started once the members above exist
};

}  // namespace scanviz
