#!/bin/sh
# Usage: warnings.sh EXAMPLES OUT RUNTIME CC...
# Parallelizes every example of EXAMPLES (all the .c files of its folder
# together) into OUT/NAME and compiles each file of the output with each CC,
# -Wall -Wextra -Werror, and the flags the example's own sources need to
# compile so: kr-style is C89 with K&R definitions, which clang calls
# deprecated. Prints a line for each file that does not compile; the status
# is 1 if any.
examples=$1 out=$2 runtime=$3
shift 3
status=0
for dir in "$examples"/*/; do
  name=$(basename "$dir")
  sources=$(find "$dir" -name '*.c' | sort)
  [ -n "$sources" ] || continue
  std=""
  [ "$name" = kr-style ] && std="-std=gnu89"
  rm -rf "$out/$name"
  if ! cleave parallelize $sources -o "$out/$name" -- $std > /dev/null 2>&1; then
    echo "$name: cleave parallelize failed"
    status=1
    continue
  fi
  for cc in "$@"; do
    flags=""
    [ -n "$std" ] && $cc -Wno-deprecated-non-prototype -E -x c /dev/null > /dev/null 2>&1 &&
      flags="-Wno-deprecated-non-prototype"
    for file in $(find "$out/$name" -name '*.c' | sort); do
      if ! $cc -c -Wall -Wextra -Werror $std $flags -I"$out/$name" -I"$runtime" "$file" \
           -o /dev/null 2> "$out/$name.log"; then
        echo "$name, $cc: $(head -1 "$out/$name.log")"
        status=1
      fi
    done
  done
done
exit $status
