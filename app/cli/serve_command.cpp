#include "cli/serve_command.h"

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

#include "classroom/class_server.h"
#include "classroom/lan_address.h"
#include "classroom/teacher_key.h"
#include "cli/usage.h"

namespace scanviz::cli {

namespace {

namespace fs = std::filesystem;

// The site when --site is not given: the installed one (<bin>/../share/scanviz/web), else the
// one scripts/web.sh builds in the source tree this program was built from.
std::string DefaultSite() {
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    const fs::path installed = exe.parent_path().parent_path() / "share" / "scanviz" / "web";
    if (fs::is_regular_file(installed / "index.html", error)) return installed.string();
  }
#ifdef SCANVIZ_SOURCE_DIR
  const fs::path built = fs::path(SCANVIZ_SOURCE_DIR) / "build-web" / "site";
  if (fs::is_regular_file(built / "index.html", error)) return built.string();
#endif
  return {};
}

// SIGINT and SIGTERM are blocked in every thread (set before the server starts any) and taken
// by one thread with sigwait, which stops the server: no work in a signal handler.
sigset_t StopSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

// A class and the connections a hostile client holds open are sockets: lift the soft limit on
// open files (often 1,024) to the hard one, which the server's own cap (kMaxConnections) stays
// under on a usual system.
void RaiseOpenFilesLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= limit.rlim_max) return;
  limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_NOFILE, &limit);
}

}  // namespace

CLI::App* AddServeCommand(CLI::App* app, ServeArgs* args) {
  CLI::App* serve = app->add_subcommand(
      "serve", "Serve the web site and the classroom channel: students follow the teacher's view");
  serve->add_option("--port", args->port, "port to listen on (0: any free port)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  serve->add_option("--bind", args->bind, "address to listen on")->capture_default_str();
  serve->add_option("--site", args->site,
                    "the web site's folder (default: build-web/site, or the installed site)");
  serve->add_option("--key", args->key,
                    "the teacher's key (default: 128 random bits, hex; 8 to 128 of A-Za-z0-9_-)");
  return serve;
}

int RunServeCommand(const ServeArgs& args) {
  if (!args.key.empty() && !classroom::IsUsableKey(args.key))
    return UsageError("--key: 8 to 128 characters of A-Z a-z 0-9 _ -");
  const std::string site = args.site.empty() ? DefaultSite() : args.site;
  if (site.empty()) {
    std::cerr << "scanviz-cli: serve: no web site found; build it (bash scripts/web.sh) or pass "
                 "--site DIR\n";
    return kExitFailed;
  }
  RaiseOpenFilesLimit();
  signal(SIGPIPE, SIG_IGN);  // a follower gone mid-write is a failed write, not the server's end
  const sigset_t signals = StopSignals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  const std::string key = args.key.empty() ? classroom::NewTeacherKey() : args.key;
  classroom::ClassServer server({args.bind, args.port, site, key});
  std::string error;
  const int port = server.Bind(&error);
  if (port < 0) {
    std::cerr << "scanviz-cli: serve: " << error << '\n';
    return kExitFailed;
  }
  const std::string base =
      "http://" + classroom::PrintedHost(args.bind) + ":" + std::to_string(port) + "/";
  std::cout << "students: " << base << "#class\n"
            << "teacher: " << base << "#class&key=" << key << '\n'
            << "port: " << port << std::endl;
  // The stopper takes the first SIGINT or SIGTERM; it looks every 200 ms whether Run ended by
  // itself, and then returns too. Stop() is repeated until Run returns: a signal that came before
  // Run began listening would otherwise be lost.
  std::atomic<bool> served{false};
  std::thread stopper([&] {
    const timespec slice{0, 200'000'000};
    bool stopping = false;
    while (!served) {
      if (!stopping && sigtimedwait(&signals, nullptr, &slice) > 0) stopping = true;
      if (stopping) {
        server.Stop();
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    }
  });
  server.Run();
  served = true;
  stopper.join();
  return kExitOk;
}

}  // namespace scanviz::cli
