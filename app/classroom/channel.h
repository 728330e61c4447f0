// The classroom channel: the teacher's current view (a share fragment, "s=...", and its sequence
// number) and the followers waiting for the next one. Thread-safe: publishes come from request
// threads, each follower drains its own bounded queue on its own thread, so a follower that does
// not read never holds up the others. No sockets, no HTTP: the server (class_server.h) writes
// what Follower::Next returns.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace scanviz::classroom {

struct ClassView {
  std::uint64_t seq = 0;  // 0: nothing published yet
  std::string link;       // the share fragment without '#', "s=..."
};

class Follower {
 public:
  enum class Wake { kView, kTimeout, kClosed };
  // The next view for this follower, waiting up to `timeout`. kClosed: the channel closed or the
  // follower was dropped for falling kFollowerQueue views behind; the stream should end.
  Wake Next(std::chrono::milliseconds timeout, ClassView* out);
  bool Dropped() const;

 private:
  friend class Channel;
  void Push(const ClassView& view, std::size_t limit);
  void Close(bool dropped);

  mutable std::mutex m_mutex;
  std::condition_variable m_cv;
  std::deque<ClassView> m_queue;
  bool m_closed = false;
  bool m_dropped = false;
};

struct PublishResult {
  std::uint64_t seq = 0;   // the current view's sequence number after the publish
  bool broadcast = false;  // false: the link equals the current one, nobody was sent anything
};

class Channel {
 public:
  explicit Channel(std::size_t queue_limit);

  // Makes `link` the current view and queues it for every follower, unless it equals the current
  // one (the same link is never sent twice in a row).
  PublishResult Publish(const std::string& link);
  ClassView Current() const;

  // A new follower, its queue holding the current view (when there is one) so that a late or
  // reconnecting follower catches up at once. nullptr once closed or at max_followers.
  std::shared_ptr<Follower> Join(std::size_t max_followers);
  void Leave(const std::shared_ptr<Follower>& follower);
  std::size_t FollowerCount() const;

  // Ends every follower's stream and refuses new ones (the server is stopping).
  void Close();

 private:
  const std::size_t m_queue_limit;
  mutable std::mutex m_mutex;
  ClassView m_current;
  std::vector<std::shared_ptr<Follower>> m_followers;
  bool m_closed = false;
};

// What the server sends: the event for one view, and /class/state's body.
std::string EventText(const ClassView& view);
std::string StateJson(const ClassView& view);

// Whether a publish's body is a share fragment: "s=" then the characters a fragment holds
// (base64url, '&', '=', '.', '~', '%', '+'), and no more than kMaxPublishBytes.
bool IsFragment(const std::string& body);

}  // namespace scanviz::classroom
