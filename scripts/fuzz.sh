#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for a bounded time.
#
#   scripts/fuzz.sh [seconds-per-target] [target...]
#
# SwiftPM on Linux cannot build a `-sanitize=fuzzer` executable next to the package's normal
# products, so the targets are built with swiftc directly from the package's module sources:
# each library module is compiled (whole-module, with coverage and AddressSanitizer) to an
# object file plus a .swiftmodule, in dependency order, and each fuzz target is linked against
# them. The arsim option parser lives in an executable target, so the command-line fuzzer
# compiles the arsim sources (without main.swift) into its own module.
#
# Seeds: every file in Scenes/ and Tests/Fixtures/bad-inputs/ for the
# recording decoder; Fuzz/Seeds/command-line/ for the option parser. Corpora grow in
# $FUZZ_WORK/corpus-<target> (default /tmp/arsim-fuzz); crashers are written to
# $FUZZ_WORK/crashes/. Exit status: 0 when no target crashed.
#
# The scene-spec decoder target (Fuzz/SceneSpecDecoderFuzzer.swift) is built and run only when
# the sources define `SceneSpec`. FUZZ_SOURCE_ROOT (default: this package) names the tree whose
# Sources/ and Scenes/ are compiled and used as seeds, e.g. another branch's worktree.
set -euo pipefail

seconds="${1:-60}"
shift || true
root="$(cd "$(dirname "$0")/.." && pwd)"
src="${FUZZ_SOURCE_ROOT:-$root}"
work="${FUZZ_WORK:-/tmp/arsim-fuzz}"
build="$work/build"
mkdir -p "$build" "$work/crashes"
swiftc="${SWIFTC:-swiftc}"
clang="${CLANG:-$(dirname "$(command -v "$swiftc")")/clang}"
flags=(-sanitize=fuzzer,address -swift-version 6 -parse-as-library -O -g -I "$build"
  -package-name arplacementsim)

compile_module() {  # name, then extra flags
  local name="$1"
  shift
  local sources
  mapfile -t sources < <(find "$src/Sources/$name" -name '*.swift' | sort)
  "$swiftc" "${flags[@]}" "$@" -module-name "$name" -wmo -emit-module \
    -emit-module-path "$build/$name.swiftmodule" -c "${sources[@]}" -o "$build/$name.o"
}

echo "== building modules into $build"
# ld.gold warns once per ASan helper symbol ("Cannot export local symbol"); those lines are noise.
exec 3>&2
exec 2> >(grep -v "Cannot export local symbol" >&3)
kernels=("$src/Sources/_RaycastKernels"/*.c)
kernel_objects=()
for source in "${kernels[@]}"; do
  object="$build/kernels-$(basename "$source" .c).o"
  "$clang" -O2 -fsanitize=fuzzer-no-link,address -I "$src/Sources/_RaycastKernels/include" \
    -c "$source" -o "$object"
  kernel_objects+=("$object")
done
kernel_include=(-Xcc "-fmodule-map-file=$root/Sources/_RaycastKernels/include/module.modulemap" \
  -I "$src/Sources/_RaycastKernels/include")
compile_module SpatialMath
compile_module ARSimulation "${kernel_include[@]}"
compile_module Placement "${kernel_include[@]}"
compile_module SceneFormat "${kernel_include[@]}"
library_objects=("$build"/SpatialMath.o "$build"/ARSimulation.o "$build"/Placement.o "$build"/SceneFormat.o)
# Modules above the format, in dependency order; those the tree does not have are skipped.
for module in SceneSynthesis SessionSimulation SceneReplay; do
  if [[ -d "$src/Sources/$module" ]]; then
    compile_module "$module" "${kernel_include[@]}"
    library_objects+=("$build/$module.o")
  fi
done
library_objects+=("${kernel_objects[@]}")

build_target() {  # target name
  local name="$1"
  echo "== building fuzz-$name"
  case "$name" in
    recording-decoder)
      "$swiftc" "${flags[@]}" "${kernel_include[@]}" -module-name RecordingDecoderFuzzer \
        "$root/Fuzz/RecordingDecoderFuzzer.swift" "${library_objects[@]}" -o "$build/fuzz-$name"
      ;;
    command-line)
      local arsim_sources
      mapfile -t arsim_sources < <(find "$src/Sources/arsim" -name '*.swift' ! -name main.swift | sort)
      "$swiftc" "${flags[@]}" "${kernel_include[@]}" -module-name CommandLineFuzzer \
        "$root/Fuzz/CommandLineFuzzer.swift" "${arsim_sources[@]}" "${library_objects[@]}" \
        -o "$build/fuzz-$name"
      ;;
    scene-spec-decoder)
      "$swiftc" "${flags[@]}" "${kernel_include[@]}" -module-name SceneSpecDecoderFuzzer \
        "$root/Fuzz/SceneSpecDecoderFuzzer.swift" "${library_objects[@]}" -o "$build/fuzz-$name"
      ;;
    replay-settings-decoder)
      "$swiftc" "${flags[@]}" "${kernel_include[@]}" -module-name ReplaySettingsDecoderFuzzer \
        "$root/Fuzz/ReplaySettingsDecoderFuzzer.swift" "${library_objects[@]}" \
        -o "$build/fuzz-$name"
      ;;
    markers-line)
      "$swiftc" "${flags[@]}" "${kernel_include[@]}" -module-name MarkersLineFuzzer \
        "$root/Fuzz/MarkersLineFuzzer.swift" "${library_objects[@]}" -o "$build/fuzz-$name"
      ;;
    *) echo "unknown target $name" >&2; exit 64 ;;
  esac
}

all_targets=(recording-decoder command-line)
if grep -rqs "struct SceneSpec:" "$src/Sources"; then all_targets+=(scene-spec-decoder); fi
if grep -rqs "struct ReplaySettings:" "$src/Sources/SceneReplay"; then
  all_targets+=(replay-settings-decoder)
fi
if grep -rqs "struct MarkersFileReader" "$src/Sources"; then all_targets+=(markers-line); fi
if (($# > 0)); then targets=("$@"); else targets=("${all_targets[@]}"); fi
status=0
for target in "${targets[@]}"; do
  build_target "$target"
  corpus="$work/corpus-$target"
  mkdir -p "$corpus"
  case "$target" in
    recording-decoder)
      seeds=("$src/Scenes" "$root/Tests/Fixtures/bad-inputs")
      dict=("-dict=$root/Fuzz/recording.dict")
      ;;
    command-line)
      seeds=("$root/Fuzz/Seeds/command-line")
      dict=()
      ;;
    scene-spec-decoder)
      seeds=("$src/Scenes" "$root/Tests/Fixtures/bad-scene-specs")
      dict=("-dict=$root/Fuzz/recording.dict")
      ;;
    markers-line)
      seeds=("$root/Fuzz/Seeds/markers-line")
      dict=()
      export ARSIM_FUZZ_REPLAY_SCENE="$src/Scenes/recordings/dashboard-three-frames.json"
      ;;
    replay-settings-decoder)
      seeds=("$root/Fuzz/Seeds/replay-settings" "$root/Tests/Fixtures/bad-replay-settings")
      dict=("-dict=$root/Fuzz/replay-settings.dict")
      export ARSIM_FUZZ_REPLAY_SCENE="$src/Scenes/recordings/dashboard-three-frames.json"
      ;;
  esac
  echo "== fuzzing $target for ${seconds}s"
  mkdir -p "$work/cwd" && cd "$work/cwd"  # an empty working directory: no file to read by accident
  # -rss_limit_mb bounds memory; -max_len keeps single inputs small enough to run fast. The Swift
  # backtracer is off so that a trap is reported by libFuzzer, not inside the crash handler.
  SWIFT_BACKTRACE=enable=no "$build/fuzz-$target" "$corpus" "${seeds[@]}" "${dict[@]}" -max_total_time="$seconds" \
    -max_len=65536 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$work/crashes/$target-" 2>&1 | tee "$work/$target.log" | grep -E \
    "^(#[0-9]+ *(DONE|INITED)|stat::|==[0-9]+==ERROR|SUMMARY)" || true
  if grep -qE "ERROR: (libFuzzer|AddressSanitizer)|deadly signal|Fatal error" "$work/$target.log"; then
    echo "!! $target: crash, see $work/$target.log and $work/crashes/" >&2
    status=1
  fi
done
exit "$status"
