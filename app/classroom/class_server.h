// The classroom's HTTP server (cpp-httplib): the web site's files, and the channel at
// /class/events (Server-Sent Events), /class/state and /class/publish (the teacher's key).
// docs/classroom.md describes the protocol and the limits (limits.h). httplib stays inside
// class_server.cpp, connection_gate.* and gate_stream.*: this header does not include it.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

namespace scanviz::classroom {

struct ServerOptions {
  std::string bind = "0.0.0.0";
  int port = 8023;             // 0: any free port
  std::filesystem::path site;  // the web site's folder (index.html, scanviz.js, ...)
  std::string key;             // the teacher's key
};

class ClassServer {
 public:
  explicit ClassServer(ServerOptions options);
  ~ClassServer();
  ClassServer(const ClassServer&) = delete;
  ClassServer& operator=(const ClassServer&) = delete;

  // Binds the port; the port bound (the one chosen for port 0), or -1 with *error set.
  int Bind(std::string* error);
  // Serves until Stop(); returns once every connection is closed.
  void Run();
  // Any thread: ends Run() (followers' streams end, connections close).
  void Stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace scanviz::classroom
