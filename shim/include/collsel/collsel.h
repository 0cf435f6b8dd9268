/* collsel control API: the few entry points an application (or collsel-bench) may call on top of
 * the intercepted MPI collectives. Exported by libcollsel.so; C and C++ compatible. */
#ifndef COLLSEL_COLLSEL_H
#define COLLSEL_COLLSEL_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Force an algorithm for one operation on this process ("bcast","reduce","scatter","gather",
 * "scatterv","gatherv"; algorithm = a registry name, or "auto"/NULL to restore the model's
 * choice). All ranks must set the same. Returns 0, or -1 for an unknown op/algorithm (message on
 * stderr). */
int collsel_set_algorithm(const char *op, const char *algorithm);

/* What the last call of `op` on this process ran: algorithm name (copied into name[len]) and its
 * predicted time in microseconds (negative if unknown). Returns 0, or -1 if no call yet. */
int collsel_last_choice(const char *op, char *name, int len, double *predicted_us);

/* Whether the shim is still measuring the shape of the last call of `op` on this process: 1 when
 * that call was one of a measured verification or of the audit of its verdict and the shape's next
 * call measures too, 0 when the shape's decision is frozen. The same on every rank of the call.
 * Returns -1 if no call of `op` yet (or an unknown op). */
int collsel_exploring(const char *op);

/* Diagnostics of the v-variants ("scatterv", "gatherv"): how many calls of `op` on this process
 * waited for the root's header broadcast (the root decides from counts only it knows), and how
 * many went straight to native without it (native decided and held, setting v_native_recheck).
 * Either pointer may be NULL. Returns 0, or -1 for another op. */
int collsel_v_calls(const char *op, long *headers, long *held);

/* Sets up the shim's state for `comm` now, as its first intercepted collective would: the private
 * duplicate its schedules, headers and agreements run on, and its ranks' places on the model's
 * hosts. A job pays this once per communicator; a benchmark that times a shape's first calls on a
 * fresh communicator calls it first, so that those calls do not carry it. Collective over `comm`.
 * Returns 0, or -1 where the shim keeps no state for `comm` (MPI_COMM_NULL, an inter-communicator,
 * before MPI_Init). */
int collsel_prepare_comm(MPI_Comm comm);

#ifdef __cplusplus
}
#endif

#endif /* COLLSEL_COLLSEL_H */
