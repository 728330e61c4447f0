#include "classroom/gate_stream.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <thread>

namespace scanviz::classroom {
namespace {

using namespace std::chrono_literals;

// A connected pair of sockets: the server's end in a Connection, the client's to write on.
class GateStreamTest : public ::testing::Test {
 protected:
  void SetUp() override {
    int fds[2];
    ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    m_c.sock = fds[0];
    m_client = fds[1];
  }
  void TearDown() override {
    close(m_c.sock);
    if (m_client >= 0) close(m_client);
  }
  void Send(const std::string& text) {
    ASSERT_EQ(::write(m_client, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }
  // Reads a byte at a time, as httplib's line reader does, until a read fails or `most` bytes.
  static std::string ReadBytes(GateStream& stream, size_t most, bool* failed) {
    std::string got;
    char c = 0;
    *failed = false;
    while (got.size() < most) {
      if (stream.read(&c, 1) != 1) {
        *failed = true;
        break;
      }
      got += c;
    }
    return got;
  }

  Connection m_c;
  int m_client = -1;
};

TEST_F(GateStreamTest, ReadsARequestAndKeepsWhatFollowsForTheNext) {
  const std::string head = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
  Send(head + "GET /next");
  GateStream stream(m_c);
  bool failed = false;
  EXPECT_EQ(ReadBytes(stream, head.size(), &failed), head);
  EXPECT_FALSE(failed);
  EXPECT_EQ(m_c.pending, "GET /next");
}

TEST_F(GateStreamTest, RequestLineAndHeadersPastTheLimitFail) {
  Send("GET / HTTP/1.1\r\nX-Big: " + std::string(200, 'a'));
  GateStream stream(m_c, {.head_bytes = 64, .total_bytes = 10000, .io_timeout = 200ms});
  bool failed = false;
  EXPECT_EQ(ReadBytes(stream, 1000, &failed).size(), 64u);
  EXPECT_TRUE(failed);
}

TEST_F(GateStreamTest, ABodyPastTheHeadLimitIsFineWithinTheTotal) {
  const std::string head = "POST /class/publish HTTP/1.1\r\n\r\n";
  Send(head + std::string(500, 'b'));
  GateStream stream(m_c, {.head_bytes = 64, .total_bytes = 1000, .io_timeout = 200ms});
  bool failed = false;
  EXPECT_EQ(ReadBytes(stream, head.size() + 500, &failed).size(), head.size() + 500);
  EXPECT_FALSE(failed);
}

TEST_F(GateStreamTest, MoreThanTheTotalFails) {
  Send("POST / HTTP/1.1\r\n\r\n" + std::string(500, 'b'));
  GateStream stream(m_c, {.head_bytes = 64, .total_bytes = 100, .io_timeout = 200ms});
  bool failed = false;
  EXPECT_EQ(ReadBytes(stream, 1000, &failed).size(), 100u);
  EXPECT_TRUE(failed);
}

TEST_F(GateStreamTest, AClientThatSendsNothingTimesOut) {
  GateStream stream(m_c, {.io_timeout = 50ms});
  char c = 0;
  EXPECT_EQ(stream.read(&c, 1), -1);
}

TEST_F(GateStreamTest, AClientThatSendsSlowlyLosesTheRequestAtItsDeadline) {
  // A byte every 5 ms, each well within the read timeout, read every 20 ms so that one is always
  // waiting: only the request's deadline (300 ms) can end it, before the 100 bytes (2 s).
  std::atomic<bool> stop{false};
  std::thread slow([&] {
    for (int i = 0; i < 400 && !stop; ++i) {
      if (send(m_client, "a", 1, MSG_NOSIGNAL) != 1) return;
      std::this_thread::sleep_for(5ms);
    }
  });
  GateStream stream(m_c, {.request_timeout = 300ms, .io_timeout = 1000ms});
  size_t got = 0;
  char c = 0;
  for (; got < 100; ++got) {
    std::this_thread::sleep_for(20ms);
    if (stream.read(&c, 1) != 1) break;
  }
  EXPECT_LT(got, 100u);
  stop = true;
  slow.join();
}

TEST_F(GateStreamTest, WritingToAClientThatNeverReadsFails) {
  GateStream stream(m_c, {.io_timeout = 50ms});
  const std::string chunk(64 * 1024, 'x');
  bool failed = false;
  for (int i = 0; i < 1000 && !failed; ++i) failed = stream.write(chunk.data(), chunk.size()) < 0;
  EXPECT_TRUE(failed);
}

TEST_F(GateStreamTest, APeerThatHungUpIsNotWritable) {
  GateStream stream(m_c, {.io_timeout = 200ms});
  EXPECT_TRUE(stream.is_writable());
  shutdown(m_client, SHUT_WR);  // what a closed tab's socket sends: the end of its side
  EXPECT_FALSE(stream.is_writable());
}

TEST_F(GateStreamTest, TheEndOfTheStreamFails) {
  close(m_client);
  m_client = -1;
  GateStream stream(m_c, {.io_timeout = 1000ms});
  char c = 0;
  EXPECT_EQ(stream.read(&c, 1), -1);
}

}  // namespace
}  // namespace scanviz::classroom
