#!/bin/bash
# The same job with Open MPI's mpirun, inside an allocation (salloc, or an sbatch script) or with a
# host file (docs/batch.md). mpirun -x exports an environment variable to every rank.
#   examples/slurm/openmpi-job.sh NP ./app ARGS...
set -euo pipefail

COLLSEL_PREFIX=${COLLSEL_PREFIX:-/usr}
LIBDIR=${LIBDIR:-$COLLSEL_PREFIX/lib/$(gcc -print-multiarch 2>/dev/null || echo .)}
export COLLSEL_MODEL=${COLLSEL_MODEL:-$HOME/collsel/cluster.toml}

if [ "$#" -lt 2 ]; then
  echo "usage: openmpi-job.sh NP APP [ARGS...]" >&2
  exit 2
fi
np=$1
shift
# -x NAME=VALUE sets LD_PRELOAD for the ranks only (not for mpirun): the shim built against Open
# MPI (package collsel-openmpi); -x COLLSEL_MODEL passes this shell's value on.
mpirun -np "$np" --bind-to core -x LD_PRELOAD="$LIBDIR/libcollsel-openmpi.so.0" -x COLLSEL_MODEL "$@"
