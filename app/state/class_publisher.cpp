// The teacher's publisher (class_publisher.h).
#include "state/class_publisher.h"

#include <algorithm>
#include <charconv>
#include <utility>

namespace scanviz {

std::optional<TeachUrl> ParseTeachUrl(const std::string& url, std::string* error) {
  const std::string scheme = "http://";
  const auto fail = [&](const std::string& why) -> std::optional<TeachUrl> {
    *error =
        "--teach " + url + ": " + why +
        " (the teacher's address `scanviz-cli serve` prints: " + "http://HOST:PORT/#class&key=KEY)";
    return std::nullopt;
  };
  if (url.rfind(scheme, 0) != 0) return fail("not an http:// address");
  const std::size_t hash = url.find('#');
  if (hash == std::string::npos) return fail("no #class&key=... in it");
  std::string authority = url.substr(scheme.size(), hash - scheme.size());
  authority = authority.substr(0, authority.find('/'));
  const std::string fragment = url.substr(hash + 1);
  const std::string key_at = "class&key=";
  if (fragment.rfind(key_at, 0) != 0) return fail("its fragment is not #class&key=KEY");
  TeachUrl t;
  t.key = fragment.substr(key_at.size());
  t.key = t.key.substr(0, t.key.find('&'));
  if (t.key.empty()) return fail("the key is empty");
  const std::size_t colon = authority.rfind(':');
  t.host = authority.substr(0, colon);
  if (colon != std::string::npos) {
    const std::string port = authority.substr(colon + 1);
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), t.port);
    if (ec != std::errc() || end != port.data() + port.size() || t.port <= 0 || t.port > 65535)
      return fail("the port is not a number from 1 to 65535");
  }
  if (t.host.empty()) return fail("no host");
  t.students = scheme + authority + "/#class";
  return t;
}

std::string TakeTeachFlag(int* argc, char** argv, std::string* error) {
  std::string url;
  int out = 1;
  for (int i = 1; i < *argc; ++i) {
    const std::string a = argv[i];
    if (a == "--teach") {
      if (i + 1 >= *argc || argv[i + 1][0] == '\0') {
        *error = "--teach needs the teacher's address (http://HOST:PORT/#class&key=KEY)";
        return {};
      }
      url = argv[++i];
    } else if (a.rfind("--teach=", 0) == 0) {
      url = a.substr(8);
    } else {
      argv[out++] = argv[i];
    }
  }
  *argc = out;
  argv[out] = nullptr;
  return url;
}

ClassPublisher::ClassPublisher(Send send, Options options, std::function<void()> changed)
    : m_send(std::move(send)),
      m_options(options),
      m_changed(std::move(changed)),
      m_thread([this] { Run(); }) {}

ClassPublisher::~ClassPublisher() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_stop = true;
  }
  m_wake.notify_all();
  m_thread.join();
}

void ClassPublisher::Offer(const std::string& fragment) {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (fragment == m_latest) return;
    m_latest = fragment;
  }
  m_wake.notify_all();
}

ClassPublisher::Status ClassPublisher::GetStatus() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_status;
}

void ClassPublisher::Note(int http) {
  const Health before = m_status.health;
  ++m_status.attempts;
  m_status.last_http = http;
  if (http == 204) ++m_status.accepted;
  m_status.health = http == 204 ? Health::kOk : http == 0 ? Health::kDown : Health::kRefused;
  if (m_status.health != before && m_changed) m_changed();
}

// One send at a time, outside the lock; the wait between sends is the gap, a retry's backoff,
// or the resend's period, cut short only by the destructor (a new view waits for its gap).
void ClassPublisher::Run() {
  std::unique_lock<std::mutex> lock(m_mutex);
  auto backoff = m_options.backoff_first;
  auto next = Clock::now();  // the earliest moment of the next send
  auto resend = Clock::time_point::max();
  while (!m_stop) {
    const bool have = !m_latest.empty();
    const bool fresh = have && m_latest != m_accepted;
    const auto now = Clock::now();
    if (!(fresh || (have && now >= resend)) || now < next) {
      const auto until = fresh ? next : have ? std::max(next, resend) : Clock::time_point::max();
      if (until == Clock::time_point::max())
        m_wake.wait(lock);
      else
        m_wake.wait_until(lock, until);
      continue;
    }
    const std::string view = m_latest;
    lock.unlock();
    const int http = m_send(view);
    lock.lock();
    Note(http);
    if (http == 204) {
      m_accepted = view;
      backoff = m_options.backoff_first;
      next = Clock::now() + m_options.min_gap;
    } else {
      m_accepted.clear();  // sent again once the server answers
      next = Clock::now() + backoff;
      backoff = std::min(backoff * 2, m_options.backoff_max);
    }
    resend = Clock::now() + m_options.resend_every;
  }
}

}  // namespace scanviz
