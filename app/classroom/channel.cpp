#include "classroom/channel.h"

#include <algorithm>

#include "classroom/limits.h"

namespace scanviz::classroom {

Follower::Wake Follower::Next(std::chrono::milliseconds timeout, ClassView* out) {
  std::unique_lock lock(m_mutex);
  m_cv.wait_for(lock, timeout, [&] { return m_closed || !m_queue.empty(); });
  if (m_closed) return Wake::kClosed;
  if (m_queue.empty()) return Wake::kTimeout;
  *out = std::move(m_queue.front());
  m_queue.pop_front();
  return Wake::kView;
}

bool Follower::Dropped() const {
  std::lock_guard lock(m_mutex);
  return m_dropped;
}

void Follower::Push(const ClassView& view, std::size_t limit) {
  {
    std::lock_guard lock(m_mutex);
    if (m_closed) return;
    if (m_queue.size() >= limit) {
      // Too far behind: its stream ends, its queue is freed, and its EventSource reconnects.
      m_queue.clear();
      m_closed = m_dropped = true;
    } else {
      m_queue.push_back(view);
    }
  }
  m_cv.notify_all();
}

void Follower::Close(bool dropped) {
  {
    std::lock_guard lock(m_mutex);
    m_closed = true;
    m_dropped = m_dropped || dropped;
  }
  m_cv.notify_all();
}

Channel::Channel(std::size_t queue_limit) : m_queue_limit(std::max<std::size_t>(1, queue_limit)) {}

PublishResult Channel::Publish(const std::string& link) {
  std::lock_guard lock(m_mutex);
  if (m_current.seq != 0 && link == m_current.link) return {m_current.seq, false};
  m_current.seq += 1;
  m_current.link = link;
  // Each follower's push takes its own lock only for a deque push: a follower's socket is never
  // touched here, so one that does not read cannot slow the broadcast.
  for (const auto& follower : m_followers) follower->Push(m_current, m_queue_limit);
  std::erase_if(m_followers, [](const auto& f) { return f->Dropped(); });
  return {m_current.seq, true};
}

ClassView Channel::Current() const {
  std::lock_guard lock(m_mutex);
  return m_current;
}

std::shared_ptr<Follower> Channel::Join(std::size_t max_followers) {
  std::lock_guard lock(m_mutex);
  if (m_closed || m_followers.size() >= max_followers) return nullptr;
  auto follower = std::make_shared<Follower>();
  if (m_current.seq != 0) follower->Push(m_current, m_queue_limit);
  m_followers.push_back(follower);
  return follower;
}

void Channel::Leave(const std::shared_ptr<Follower>& follower) {
  std::lock_guard lock(m_mutex);
  std::erase(m_followers, follower);
}

std::size_t Channel::FollowerCount() const {
  std::lock_guard lock(m_mutex);
  return m_followers.size();
}

void Channel::Close() {
  std::lock_guard lock(m_mutex);
  m_closed = true;
  for (const auto& follower : m_followers) follower->Close(false);
  m_followers.clear();
}

namespace {

// JSON string escaping for the link; IsFragment admits no character that needs it, but the
// event must stay one line of valid JSON whatever it is given.
std::string JsonString(const std::string& text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      out += "\\u00";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  return out + '"';
}

}  // namespace

std::string StateJson(const ClassView& view) {
  return "{\"seq\":" + std::to_string(view.seq) + ",\"link\":" + JsonString(view.link) + "}";
}

std::string EventText(const ClassView& view) {
  return "id: " + std::to_string(view.seq) + "\nevent: view\ndata: " + StateJson(view) + "\n\n";
}

bool IsFragment(const std::string& body) {
  if (body.size() < 3 || body.size() > kMaxPublishBytes || body.compare(0, 2, "s=") != 0)
    return false;
  return std::all_of(body.begin(), body.end(), [](char c) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    return alnum || c == '-' || c == '_' || c == '&' || c == '=' || c == '.' || c == '~' ||
           c == '%' || c == '+';
  });
}

}  // namespace scanviz::classroom
