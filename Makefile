# pinrender: `make demo` renders the samples into out/, `make test` runs the tests.
# Both install the Debian packages they need when missing (run as root on a fresh machine).

SWIFT ?= swift
BIN = .build/release/pinrender
# pinrender runs pinrender-net, from its own folder, for serve, pins, and pins from a URL or a
# store: it links no network or database library, so a render starts faster and smaller.
# Both are built, installed and shipped together.
NET_BIN = .build/release/pinrender-net
PREFIX ?= /usr/local
# The Swift runtime and Foundation linked in: 20 ms less start-up and 6 MB less memory
# per run. No $ORIGIN in the binary's run path: it loads no library from the folder it is
# in. Linked by lld: gold warns about the mktemp in the static Foundation on every link.
# PDFs that do not embed Helvetica are drawn with URW's Nimbus Sans (the snapshot
# references were recorded with it), so fonts-urw-base35 is a test dependency.
# lld, with packed relative relocations (DT_RELR, glibc 2.36): the static binary's 162,000
# relative relocations take 15 KB instead of a 3.8 MB table the loader reads on every start
# (1.9 MB smaller, about 1 MB less memory). Not in Package.swift: gold, Swift's default
# linker here, refuses the option, and a plain `swift build -c release` must link.
RELEASE = $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
	-Xlinker -z -Xlinker pack-relative-relocs
PACKAGES = pkg-config libpoppler-glib-dev libcairo2-dev libpixman-1-dev libpango1.0-dev libpng-dev \
	libjpeg62-turbo-dev libexif-dev libqpdf-dev fonts-dejavu-core fonts-noto-color-emoji fonts-urw-base35 \
	poppler-utils qpdf libxml2-dev libsoup-3.0-dev glib-networking strace openssl libsqlite3-dev binutils \
	chromium chromium-driver libjs-pdf libpq-dev postgresql nginx optipng libdeflate-dev python3-venv man-db groff-base mandoc \
	libfftw3-dev
SAMPLES = samples
# The plan and the photo without their calibration targets (make_samples.py writes both).
DEMO = samples/demo
PINS = samples/pins

.PHONY: deps python-deps check-deps test-fresh build check-build install demo test test-service test-schemathesis test-livepage test-interchange test-carry docs openapi test-asan test-tsan fuzz bench samples clean

deps:
	@missing=$$(for p in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(RELEASE) --product pinrender
	$(RELEASE) --product pinrender-net

# The release build prints no warning (SwiftPM's pkg-config ones included), and the binaries
# load no library from the folder they are in: no $ORIGIN in their run path.
check-build: deps
	@mkdir -p .build
	@{ $(RELEASE) --product pinrender && $(RELEASE) --product pinrender-net; } > .build/check-build.log 2>&1; status=$$?; \
		cat .build/check-build.log; test $$status -eq 0
	@if grep -n "warning:" .build/check-build.log; then echo "check-build: the build printed warnings"; exit 1; fi
	@for bin in $(BIN) $(NET_BIN); do if readelf -d $$bin | grep -E "R(UN)?PATH.*ORIGIN"; then \
		echo "check-build: $$bin searches \$$ORIGIN for libraries"; exit 1; fi; done
	@echo "check-build: no warnings, no \$$ORIGIN in the run path of $(BIN) and $(NET_BIN)"

# Both programs into $(PREFIX)/bin (pinrender finds pinrender-net beside itself); their man
# pages into $(PREFIX)/share/man/man1, written now by the programs just built (`pinrender help
# --man [COMMAND]`, from the same data as --help), so they are always the installed version's;
# the samples' documents and pins into $(PREFIX)/share/pinrender/samples, where `serve --demo`
# finds them from $(PREFIX)/bin.
MAN1 = $(DESTDIR)$(PREFIX)/share/man/man1
install: build
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/pinrender
	install -D -m 755 $(NET_BIN) $(DESTDIR)$(PREFIX)/bin/pinrender-net
	install -d $(MAN1) $(DESTDIR)$(PREFIX)/share/pinrender/samples/pins $(DESTDIR)$(PREFIX)/share/pinrender/samples/demo
	$(BIN) help --man > $(MAN1)/pinrender.1
	for c in $$($(BIN) help --commands); do $(BIN) help --man $$c > $(MAN1)/pinrender-$$c.1 || exit 1; done
	install -m 644 $(SAMPLES)/*.pdf $(SAMPLES)/*.jpg $(SAMPLES)/*.png $(DESTDIR)$(PREFIX)/share/pinrender/samples
	install -m 644 $(PINS)/*.json $(DESTDIR)$(PREFIX)/share/pinrender/samples/pins
	install -m 644 $(DEMO)/*.pdf $(DEMO)/*.jpg $(DESTDIR)$(PREFIX)/share/pinrender/samples/demo

demo: build
	@mkdir -p out
	$(BIN) render $(DEMO)/floorplan.pdf --pins $(PINS)/floorplan-few.json -o out/floorplan.pdf
	$(BIN) render $(DEMO)/floorplan.pdf --pins $(PINS)/floorplan-few.json --dpi 100 -o out/floorplan.png
	$(BIN) render $(DEMO)/floorplan.pdf --pins $(PINS)/floorplan-edges.json --page 1 --tooltips all --dpi 100 -o out/edges.png
	$(BIN) render $(DEMO)/floorplan.pdf --pins $(PINS)/floorplan-crowd.json --page 1 --dpi 100 -o out/crowd.png
	$(BIN) render $(DEMO)/floorplan.pdf --pins $(PINS)/threads.json --page 1 --tooltips all --dpi 100 -o out/threads.png --layout-json out/threads.json
	$(BIN) render $(DEMO)/photo.jpg --pins $(PINS)/photo.json --tooltips all -o out/photo.png
	$(BIN) render $(DEMO)/photo.jpg --pins $(PINS)/photo.json -o out/photo.pdf
	$(BIN) render $(SAMPLES)/screenshot.png --pins $(PINS)/screenshot.json --tooltips all -o out/screenshot.png
	$(BIN) render --canvas 390x844 --pins $(PINS)/screenshot.json --tooltips all -o out/canvas.png
	$(BIN) render $(DEMO)/floorplan.pdf --pins $(PINS)/floorplan-crowd.json --page 1 --device iphone-15 --zoom 3 --focus p20 -o out/iphone-zoomed.png
	$(BIN) preview $(DEMO)/floorplan.pdf --pins $(PINS)/floorplan-crowd.json --devices iphone-se,iphone-15-pro-max,ipad-pro-12.9@landscape,pixel-8 --zooms 1,3 --focus p20 -o out/devices.png
	@echo "rendered into out/:"; ls out

# What a fresh machine of the project's kind has besides Debian's essential set: the Swift
# toolchain at /opt/swift (and the libraries it runs on), gcc, make, git, CPython with pip.
# check-deps allows these; test-fresh installs them in its throwaway root before the clone.
MACHINE_BASE = gcc g++ make git ca-certificates python3 python3-pip \
	libcurl4 libedit2 libicu72 libncurses6 libsqlite3-0 libuuid1 libxml2 libstdc++6

# The tests' Python packages, in an environment of their own (.build/python, first on PATH
# for every recipe): Debian's own Python refuses pip installs (PEP 668), and the machine's
# Python stays as it was. The export tests render with MuPDF too (PyMuPDF; --no-deps skips
# its heavy optional ones); the pin service's end-to-end tests are clients written with
# requests and websockets, and schemathesis; the live page's test drives chromium with
# Selenium; the diff tests compare with pixelmatch; the metrics test parses /metrics with
# prometheus_client; the interchange tests make PDFs with pypdf and expand JSON-LD with pyld
# (the service's Turtle is read with rdflib and compared with pyld's graph);
# the carry tests make their revisions (samples/make_revisions.py: the scan) and check the
# pixels with numpy, Pillow and scikit-image (its phase_cross_correlation is the independent
# registration). pillow and scikit-image are imported as PIL and skimage.
PYTHON_PACKAGES = pixelmatch pymupdf requests websockets schemathesis selenium prometheus_client pypdf pyld rdflib \
	numpy pillow scikit-image
VENV = .build/python
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)
python-deps: deps
	@test -x $(VENV)/bin/python3 || python3 -m venv $(VENV)
	@for p in $(filter-out pymupdf,$(PYTHON_PACKAGES)); do m=$$p; case $$p in pillow) m=PIL;; scikit-image) m=skimage;; esac; \
		$(VENV)/bin/python3 -c "import $$m" 2>/dev/null || \
		$(VENV)/bin/python3 -m pip install -q --disable-pip-version-check $$p || exit 1; done
	@$(VENV)/bin/python3 -c "import pymupdf" 2>/dev/null || $(VENV)/bin/python3 -m pip install -q --disable-pip-version-check --no-deps pymupdf

# Every library the programs and the test bundle link and load, every program the tests start
# and every Python module they import comes from what deps, python-deps, the machine's base or
# the toolchain installs (tools/check_deps.py says which file and which package does not).
check-deps: python-deps build
	$(SWIFT) build --build-tests
	python3 tools/check_deps.py --packages "$(PACKAGES) $(MACHINE_BASE)" --python-packages "$(PYTHON_PACKAGES)"
	python3 Tests/Deps/check_deps_test.py --packages "$(PACKAGES) $(MACHINE_BASE)" --python-packages "$(PYTHON_PACKAGES)"

# A clean clone of HEAD runs `make demo test` in a throwaway Debian 12 root (mmdebstrap from
# the archive this machine reaches; the toolchain bound in read-only), removed afterwards:
# what a newcomer's fresh machine does. FRESH_TARGETS="demo check-deps" for the shorter proof.
FRESH_TARGETS ?= demo test
test-fresh:
	@command -v mmdebstrap >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mmdebstrap)
	time tools/test_fresh.sh "$(MACHINE_BASE)" $(FRESH_TARGETS)

# The end-to-end tests run .build/debug/pinrender, which runs pinrender-net beside it.
DEBUG_BUILD = $(SWIFT) build --product pinrender && $(SWIFT) build --product pinrender-net
test: check-deps
	$(SWIFT) test
	$(INSTALL_TESTS)
	$(SERVICE_TESTS)
	$(SCHEMATHESIS)
	$(LIVEPAGE_TESTS)
	$(INTERCHANGE_TESTS)
	$(CARRY_TESTS)
	$(DOC_TESTS)

# Every sh block of README.md and docs/ runs as written; the README's Swift snapshot test
# builds in a package of its own that depends on this checkout, records, fails, then passes.
DOC_TESTS = timeout 900 python3 Tests/Docs/doc_examples_test.py && timeout 1800 python3 Tests/Docs/consumer_package_test.py

# import and export against PyMuPDF's and pypdf's comments, Python's XML parser and pyld
# (Tests/Interchange: round trips, bad and hostile input; about 10 s); then import against
# what Debian's pdf.js (libjs-pdf, in headless chromium) shows for pinrender's review exports,
# PyMuPDF's and pypdf's comments and fixtures shaped like pdf.js's test PDFs (about 10 s).
INTERCHANGE_TESTS = timeout 600 python3 Tests/Interchange/interchange_test.py --binary .build/debug/pinrender && \
	timeout 600 python3 Tests/Interchange/pdfjs_test.py --binary .build/debug/pinrender
test-interchange: python-deps
	$(DEBUG_BUILD)
	$(INTERCHANGE_TESTS)

# `pinrender carry` against the revisions of samples/make_revisions.py, written into a scratch
# folder by the test (the plan rescaled onto A2, turned by /Rotate and in its content, a new
# title block, a wall moved, a room deleted, the rooms renumbered, a different drawing, a
# scan): every pin within 1 px of its true point at 150 dpi (3 on the scan), the pins on
# changed content flagged and no other, replies kept, the pixels of `render` around the
# carried markers, the overlay's colours, phase_cross_correlation against the report, bad
# input, the same bytes twice (samples/README.md; about 7 minutes with the debug build).
CARRY_TESTS = timeout 900 python3 Tests/Carry/carry_test.py --binary .build/debug/pinrender
test-carry: python-deps
	$(DEBUG_BUILD)
	$(CARRY_TESTS)

# make install into a scratch folder (the release build check-deps made): man finds every
# page, each is what the program prints, serve --demo runs from an empty folder.
INSTALL_TESTS = timeout 600 python3 Tests/Install/install_test.py

# `pinrender serve` end to end over loopback: each test class starts the server on
# 127.0.0.1 and a free port with its own data directory, talks to it with requests,
# websockets and a raw socket (CRUD, tokens, limits, sync, events, renders against the CLI's
# bytes, kill -9), and stops it; the whole run is bounded to 15 minutes (about 1 today).
# Then the same tests with the pins on PostgreSQL (--postgres: a local server of Debian's
# `postgresql` in a scratch directory, on a unix socket, stopped at the end; a database per
# test class) and two servers sharing one database, also behind nginx (about 2 minutes).
# Then the hostile clients and faults of Tests/Service/hostile_*_test.py, on both stores.
SERVICE_SUITES = service_test interchange_service_test revisions_test $(basename $(notdir $(wildcard Tests/Service/hostile_*_test.py)))
SERVICE_TESTS = for suite in $(SERVICE_SUITES); do for store in "" --postgres; do \
	timeout 900 python3 -W ignore Tests/Service/$$suite.py --binary .build/debug/pinrender $$store || exit 1; done; done
test-service: python-deps
	$(DEBUG_BUILD)
	$(SERVICE_TESTS)

# schemathesis against the served OpenAPI document (Tests/Service/schemathesis_run.py): no
# 5xx, every answer as documented; a fixed seed, about 2 minutes.
SCHEMATHESIS = timeout 900 python3 -W ignore Tests/Service/schemathesis_run.py --binary .build/debug/pinrender
test-schemathesis: python-deps
	$(DEBUG_BUILD)
	$(SCHEMATHESIS)

# The reference pages docs/reference/*.md are written by the program from the data its --help
# prints (`pinrender help --markdown [COMMAND]`); ReferencePageTests fails when they differ.
docs: deps
	$(DEBUG_BUILD)
	@mkdir -p docs/reference && rm -f docs/reference/pinrender*.md
	.build/debug/pinrender help --markdown > docs/reference/pinrender.md
	for c in $$(.build/debug/pinrender help --commands); do \
		.build/debug/pinrender help --markdown $$c > docs/reference/pinrender-$$c.md || exit 1; done

# The served OpenAPI document is compiled in from docs/openapi.json (OpenAPIDocumentTests
# fails when they differ).
openapi:
	python3 Tests/Service/make_openapi_swift.py

# The live page (`GET /` of pinrender serve) in headless chromium: two pages, one adds and
# resolves a pin, the other shows both (about 20 s).
LIVEPAGE_TESTS = timeout 300 python3 Tests/LivePage/livepage_test.py
test-livepage: python-deps
	$(DEBUG_BUILD)
	$(LIVEPAGE_TESTS)

bench: python-deps
	@compare -version 2>/dev/null | grep -q ImageMagick || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq imagemagick)
	@command -v wrk >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk)
	$(RELEASE) --product pinrender
	$(RELEASE) --product pinrender-net
	$(RELEASE) --product pinrender-bench
	@mkdir -p bench
	python3 bench/make_plan.py
	@{ echo "# Benchmarks"; echo; echo "Machine: $$(nproc) cores, $$(uname -m), $$(date -u +%Y-%m-%d)."; \
	   echo "Reference figures are from ../shared/design/anchors.md (same kind of machine)."; echo; \
	   .build/release/pinrender-bench && python3 bench/compare.py && python3 bench/page_bench.py && python3 bench/diff_bench.py && python3 bench/carry_bench.py && python3 bench/png_bench.py && python3 bench/batch_bench.py && python3 bench/service_bench.py && python3 bench/service_p99_bench.py && python3 bench/group_commit_bench.py && python3 bench/sync_bench.py && python3 bench/sync_bench.py --postgres && python3 bench/render_pool_bench.py $(if $(RENDER_BASE),--base $(RENDER_BASE)) && python3 bench/interchange_bench.py; cat bench/PROFILE.md; } | tee bench/RESULTS.md

# Address sanitizer over the whole test suite, then leak checking of the command line on
# the samples. (Leak checking of the test process itself reports the Swift runtime's and
# Foundation's process-long caches, and of exits with status 2 the objects alive at exit;
# fontconfig's and GLib's caches are suppressed in Tests/lsan.supp.)
ASAN_BIN = .build/asan/debug/pinrender
LEAKS = ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp
test-asan: python-deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan
	@mkdir -p .build/asan/out
	$(LEAKS) $(ASAN_BIN) render $(SAMPLES)/floorplan.pdf --pins $(PINS)/threads.json -o .build/asan/out/review.pdf
	$(LEAKS) $(ASAN_BIN) render $(SAMPLES)/floorplan.pdf --pins $(PINS)/floorplan-crowd.json --dpi 60 -o .build/asan/out/plan.png
	$(LEAKS) $(ASAN_BIN) render $(SAMPLES)/photo.jpg --pins $(PINS)/photo.json --tooltips all -o .build/asan/out/photo.png
	$(LEAKS) $(ASAN_BIN) preview $(SAMPLES)/floorplan.pdf --pins $(PINS)/floorplan-crowd.json --devices iphone-se,pixel-8 -o .build/asan/out/sheet.png
	$(LEAKS) $(ASAN_BIN) cluster $(PINS)/floorplan-crowd.json --json > /dev/null
	$(LEAKS) $(ASAN_BIN) diff .build/asan/out/plan-1.png .build/asan/out/plan-1.png
	$(LEAKS) $(ASAN_BIN) render $(SAMPLES)/screenshot.png --pins $(PINS)/screenshot.json --width 200 -o .build/asan/out/small.png
	$(LEAKS) $(ASAN_BIN) diff .build/asan/out/plan-1.png .build/asan/out/plan-1.png -o .build/asan/out/diff.png --composite

# Thread sanitizer over the tests that run work on several threads: the worker pool itself,
# pages and stripes side by side, stripes streamed to the file, text set on many threads, the
# cluster index's halves, diff's two decoders and its stripes, the pins URL reader, two runs
# committing the same outputs, and the time limits (a backstop timer on its own thread). The
# end-to-end ones run the command line built with it too (a race makes it print a report and
# exit with 66). The rest of the suite takes 12 minutes under the sanitizer instead of 2 and
# adds no threading these do not, and its full-disk tests (ulimit -f) stop the sanitizer's
# runtime itself. It sees the Swift code and the calls it makes; the C libraries are not
# instrumented, so races inside Pango or Poppler show only through ConcurrentRenderTests
# comparing what they set and draw. (222 s for 49 tests on 2 loaded cores, after the build.)
# (Not WebSocketClientTests: its work reaches the client's loop through GLib's
# g_main_context_invoke, whose lock the sanitizer cannot see in Debian's uninstrumented GLib,
# so every hand-off is reported as a race.)
TSAN_TESTS = WorkerPoolTests|PinStoreTests|ReviewServiceTests|MetricsTests|RenderCacheTests|ExclusiveTests|ConcurrentRenderTests|StripedRenderTests|StreamedPNGTests|CLITests|ClusterIndexTests|RESTSourceTests|ImageOrientationRenderTests|DiffCommandTests|DiffStripeTests|ConcurrentOutputTests|TimeoutTests|aPageThatNeverEndsStopsAtTheTimeout|MarkLayerTests|MarkDrawingsTests
test-tsan: python-deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan --filter '$(TSAN_TESTS)'

# libFuzzer with address sanitizer, FUZZ_SECONDS each: the pins decoder, the image decoders,
# then the whole render path (a document's bytes rendered to PNG, PNG drawn small, and the
# PDF export, as `pinrender render` does). Seeds: the samples, and Fuzz/corpus (small PNGs of
# every color type, interlaced, 16-bit; PDFs with empty, huge, NaN and crossed boxes). Findings are written to .build/fuzz/; replay one
# with `swift run pinrender-fuzz FILE`. (Leak checking is off: fontconfig's and GLib's
# process-long caches would be reported at exit.)
FUZZ_SECONDS ?= 60
FUZZ_RENDER = .build/fuzz-render/debug/pinrender-fuzz
fuzz: deps
	@mkdir -p .build/fuzz/corpus-pins .build/fuzz/corpus-images .build/fuzz/corpus-render
	@cp samples/pins/*.json .build/fuzz/corpus-pins/
	@cp samples/*.png samples/*.jpg Tests/Fixtures/*.jpg Fuzz/corpus/*.png .build/fuzz/corpus-images/
	@cp samples/*.pdf samples/*.png samples/*.jpg Tests/Fixtures/*.jpg Fuzz/corpus/* .build/fuzz/corpus-render/
	swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name PinRenderCore \
		$$(find Sources/PinRenderCore -name '*.swift') Fuzz/PinsFuzz.swift -o .build/fuzz/pins
	clang -O1 -g -fsanitize=fuzzer,address -ISources/CInterop/CCodecs/include \
		Fuzz/image_fuzz.c Sources/CInterop/CCodecs/*.c -lpng16 -ljpeg -lexif -lz -o .build/fuzz/images
	$(SWIFT) build --product pinrender-fuzz --scratch-path .build/fuzz-render --sanitize=fuzzer --sanitize=address \
		-Xswiftc -DFUZZING -Xswiftc -parse-as-library
	.build/fuzz/pins -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -artifact_prefix=.build/fuzz/ .build/fuzz/corpus-pins
	.build/fuzz/images -max_total_time=$(FUZZ_SECONDS) -max_len=262144 -artifact_prefix=.build/fuzz/ .build/fuzz/corpus-images
	ASAN_OPTIONS=detect_leaks=0 $(FUZZ_RENDER) -max_total_time=$(FUZZ_SECONDS) -max_len=131072 -timeout=30 \
		-rss_limit_mb=3072 -artifact_prefix=.build/fuzz/ .build/fuzz/corpus-render

samples:
	python3 $(SAMPLES)/make_samples.py

clean:
	rm -rf .build out
