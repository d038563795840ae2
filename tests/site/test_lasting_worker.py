"""The secret scan of what a build publishes runs in a worker that later builds of the same process reuse
(`worker_processes.lasting_worker`): each build of a process forked one and paid its set-up again (about
0.2 CPU-s of a one-page build's 0.5). Real builds in a fresh Python process, a published secret in each."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

# Assembled at run time so that the repository's own secret scan does not see a token here.
FAKE_TOKEN = "hf_" + "".join(["aZ3kP9qLm2", "XvB7nR4tY8", "wE1cU6iO0s", "DfGh"])
HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"

# Three builds into three folders, each with a cache of its own: two in the main thread, one in another
# thread; after each, this process's children and the build's secret warnings.
BUILDS = textwrap.dedent(
    """
    import json, multiprocessing, os, sys, threading
    from pathlib import Path
    from polydocs.site.build import build_site

    source, out = Path(sys.argv[1]), Path(sys.argv[2])

    def build(name):
        os.environ["POLYDOCS_CACHE"] = str(out / f"cache-{name}")
        report = build_site(source, out / name)
        secrets = [w for w in report.warnings if " secret " in w]
        children = sorted(child.pid for child in multiprocessing.active_children())
        return {"children": children, "secrets": secrets}

    seen = [build("first"), build("second")]
    threaded = []
    thread = threading.Thread(target=lambda: threaded.append(build("threaded")))
    thread.start()
    thread.join()
    print(json.dumps([*seen, *threaded]))
    """
)


def test_later_builds_of_a_process_scan_in_the_worker_its_first_build_forked(tmp_path: Path) -> None:
    source = tmp_path / "docs" / "en"
    source.mkdir(parents=True)
    (source / "_toctree.yml").write_text("- local: index\n  title: Home\n", encoding="utf-8")
    page = f'# Home\n\n```py\nlogin(token="{FAKE_TOKEN}")\n```\n'
    (source / "index.md").write_text(HEADER + page, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-c", BUILDS, str(tmp_path / "docs"), str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    first, second, threaded = json.loads(run.stdout)
    # The first build's worker is left for the next, which forks none of its own for the scan.
    assert len(first["children"]) == 1, first
    assert second["children"] == first["children"], (first, second)
    # A build outside the main thread scans in a worker of its own, gone with the build.
    assert threaded["children"] == first["children"], threaded
    for build in (first, second, threaded):
        (secret,) = build["secrets"]
        assert "en/index.md:6: secret" in secret, secret
