#!/usr/bin/env bash
# The fuzz campaign (docs/reliability.md): every target of tests/fuzz for SECONDS seconds each
# (default 60), with cargo-fuzz 0.13.1 on the nightly toolchain. New inputs go to a corpus
# outside the repository (printed at the end); a crash stops the script with libFuzzer's
# report and its input under tests/fuzz/artifacts/. Run it before a release and after changing
# a parser. The ordinary tests replay every committed seed and regression input
# (tests/cli/cli_fuzz_corpora.rs), so CI does not run this.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
    echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...] (SECONDS a whole number above 0)" >&2
    exit 2
fi
shift || true

if ! cargo fuzz --version 2>/dev/null | grep -q "0.13.1"; then
    cargo install cargo-fuzz --version 0.13.1 --locked
fi
rustup toolchain list | grep -q nightly || rustup toolchain install nightly --profile minimal

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for file in tests/fuzz/fuzz_targets/*.rs; do
        targets+=("$(basename "$file" .rs)")
    done
fi

corpus=${PONDER_FUZZ_CORPUS:-$(mktemp -d)}
cargo +nightly fuzz build --fuzz-dir tests/fuzz -O
for target in "${targets[@]}"; do
    if [ ! -f "tests/fuzz/fuzz_targets/$target.rs" ]; then
        echo "error: no fuzz target $target (tests/fuzz/fuzz_targets/)" >&2
        exit 2
    fi
    mkdir -p "$corpus/$target"
    echo "fuzz: $target for $seconds s" >&2
    cargo +nightly fuzz run --fuzz-dir tests/fuzz -O "$target" "$corpus/$target" \
        "tests/fuzz/seeds/$target" -- -max_total_time="$seconds" -timeout=30 \
        -close_fd_mask=2 -rss_limit_mb=2048
done
echo "fuzz: ${#targets[@]} targets, $seconds s each; new inputs in $corpus" >&2
