"""Every source file that writes a file is listed here with the test that covers its writer
(issue #38: every writer tested against a failing write). A file that starts writing without a
row fails this test, naming it; so does a row whose file no longer writes. Run from CTest with the
source folder; needs python3 only."""
import os, re, sys

# A file that writes -> where its writer is tested (or why it is not a user's file).
LISTED = {
    "kernels/core/file_io.cpp": "the writer itself: WriteFault.*, WriteFiles.*, SamePath.*",
    "kernels/core/file_io.h": "the writer's declarations",
    "kernels/core/trace_io.cpp": "Writers.EveryCoreWriter...: SaveTraceFile; ui_writers_tests",
    "kernels/core/grid/grid_io.cpp": "Writers.EveryCoreWriter...: SaveGridFile; ui_writers_tests",
    "kernels/core/grid/single_pass_io.cpp": "Writers.EveryCoreWriter...: SaveSinglePassFile",
    "kernels/core/applications/application_io.cpp": "Writers.EveryCoreWriter...: SaveApplicationFile",
    "kernels/core/multi_gpu/multi_gpu_io.cpp": "Writers.EveryCoreWriter...: SaveMultiGpuFile",
    "kernels/core/perf/bench_results.cpp": "Writers.EveryCoreWriter...: SaveBenchResults",
    "kernels/core/perf/multi_gpu_results.cpp": "Writers.EveryCoreWriter...: SaveMultiGpuBenchResults",
    "app/state/session.cpp": "Writers.EveryAppStateWriter...: SaveSession",
    "app/state/settings.cpp": "Writers.EveryAppStateWriter...: SaveSettings; the .bad copy: "
                              "Settings.AFileThatCanNeitherBeReadNorKeptIsNotReplaced",
    "app/export/export_job.cpp": "Writers.EveryExportWriter..., AMultiFileExportWritesAllOrNothing",
    "app/export/zip_archive.cpp": "Writers.EveryExportWriter...: ZipFolder",
    "app/figures/figure_export.cpp": "Ctrl+S: ui_writers_tests (the live app)",
    "app/platform/headless_modes.cpp": "ui_writers_tests: --screenshot, --dump-layout",
    "app/platform/layout_dump.cpp": "ui_writers_tests: --dump-layout (the web's through it too)",
    "app/platform/main.cpp": "ui_writers_tests: --state-file",
    "app/cli/multi_gpu_bench.cpp": "its run folder's topology note (not a user's file); --json: "
                                   "SaveMultiGpuBenchResults",
    "kernels/backend/multi_gpu_backend.cpp": "the multi-GPU run's own work folder, not a user's "
                                             "file (needs GPUs)",
    "kernels/cuda/multi_gpu/nccl_session.cpp": "NCCL's id handed between ranks, not a user's file",
}

WRITES = re.compile(r'WriteFilesAtomically\(|WriteFileAtomically\(|std::ofstream|'
                    r'fopen\([^)]*"[wa]|O_WRONLY|O_CREAT')


def main():
    root = sys.argv[1]
    found = set()
    for top in ("app", "kernels", "bench"):
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if not name.endswith((".cpp", ".h", ".cu", ".cuh")):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    if WRITES.search(f.read()):
                        found.add(os.path.relpath(path, root))
    problems = [f"{p} writes a file but has no row in writers_listed_test.py (and no test)"
                for p in sorted(found - LISTED.keys())]
    problems += [f"{p} is listed but no longer writes: remove its row"
                 for p in sorted(LISTED.keys() - found)]
    for p in problems:
        print("FAIL", p)
    print(f"writers_listed_test: {len(found)} files that write; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
