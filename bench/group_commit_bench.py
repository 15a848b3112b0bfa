"""`make bench`: creates from many connections at once, unpaced, on SQLite and on PostgreSQL
(fsync and synchronous_commit on: each commit waits for the disk), on the service as built
(`--binary`) and, alternating run by run, on another build (`--base`). The store's writer
commits the writes that wait together (issue 30): the table gives creates per second, the
commits per second behind them and, on PostgreSQL, the writer's round trips per create, from
`GET /metrics` (`pinrender_store_commits_total`, `pinrender_store_round_trips_total`; a build
without them commits once per create).

    python3 bench/group_commit_bench.py [--binary .build/release/pinrender] [--base BINARY] [--runs 3] [--seconds 5]
                                        [--connections 16]
"""
import argparse
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import service_bench  # noqa: E402  (its Server and wrk)
from service_bench import CREATE, PostgresCluster, Server, spread, wrk  # noqa: E402



def counters(server):
    """The store's commits and round trips so far; None for a build without them."""
    text = server.session.get(f"{server.url}/metrics", timeout=service_bench.TIMEOUT).text
    found = [re.search(rf"^{name} (\S+)$", text, re.M)
             for name in ("pinrender_store_commits_total", "pinrender_store_round_trips_total")]
    return tuple(float(match.group(1)) for match in found) if all(found) else None


def run(binary, db, connections, tag):
    """One run: creates/s, commits/s and round trips per create (None when not counted)."""
    server = Server(binary, db)
    try:
        server.upload("made")
        before = counters(server)
        report = wrk(server, "/v1/contents/made/pins", CREATE, connections, args=(tag,))
        after = counters(server)
        if report["errors"]:
            raise SystemExit(f"{binary}: {report['errors']} errors")
        created = report["requests"]
        if before is None:
            return {"creates": report["rate"], "commits": None, "trips": None}
        return {"creates": report["rate"], "commits": (after[0] - before[0]) / report["seconds"],
                "trips": (after[1] - before[1]) / created}
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--connections", type=int, default=16)
    options, builds = service_bench.compared_builds(parser, seconds=5)
    cluster = PostgresCluster("-c fsync=on -c synchronous_commit=on")
    results = {(store, name): [] for store in ("SQLite", "PostgreSQL") for name in builds}
    try:
        for number in range(options.runs):
            for store in ("SQLite", "PostgreSQL"):
                for name, binary in builds.items():
                    db = cluster.new_database() if store == "PostgreSQL" else None
                    results[store, name].append(run(binary, db, options.connections, f"r{number}{name[0]}"))
    finally:
        cluster.stop()
    print(f"\n## Creates from {options.connections} connections at once, unpaced ({options.runs} runs of "
          f"{options.seconds} s, builds alternating: median (min-max))\n")
    print("SQLite in WAL mode, synchronous=NORMAL; PostgreSQL on a local socket, fsync and synchronous_commit on.\n")
    print("| store | build | creates/s | commits/s | round trips per create |")
    print("|---|---|---:|---:|---:|")
    for (store, name), runs in results.items():
        commits = [r["commits"] for r in runs if r["commits"] is not None]
        trips = [r["trips"] for r in runs if r["trips"] is not None]
        print(f"| {store} | {name} | {spread([r['creates'] for r in runs], '')} | "
              f"{spread(commits, '') if commits else 'one a create'} | "
              f"{spread(trips, '', 2) if trips and store == 'PostgreSQL' else ('-' if store == 'SQLite' else 'not counted')} |")


if __name__ == "__main__":
    main()
