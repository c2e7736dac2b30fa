/// \file
/// Speed of the cleave runtime's mpi transport beside raw MPI, between two
/// ranks (scripts/bench-runtime.py --mpi builds it with mpicc against the
/// build's libcleave_rt.a, runs it under mpirun -np 2 and takes medians).
/// Prints one JSON object from rank 0.
///
///   mpi-bench raw     MPI alone: the median round trip of a 1-byte
///                     ping-pong ("round_trip_us"), and the one-way bandwidth
///                     of a 16 MiB message answered by 1 byte ("region_gbps").
///   mpi-bench cleave  CLEAVE_TRANSPORT=mpi: the median round trip of an empty
///                     call and its wait, and the bandwidth of a call whose
///                     argument is a 16 MiB region of doubles (copied in,
///                     decoded by the callee, an empty reply).
///
/// The raw figures are the floor the runtime is measured against.

#define _POSIX_C_SOURCE 200809L

#include "BenchTime.h"
#include "clv.h"

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
  ROUND_TRIPS = 20000,
  WARM_UP = 2000,
  REGION_REPEATS = 21,
  REGION_BYTES = 16 << 20,
  TAG = 99
};

static int raw(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 2) {
    if (rank == 0)
      fprintf(stderr, "mpi-bench: run it on 2 ranks\n");
    MPI_Finalize();
    return 2;
  }
  char byte = 0;
  char *region = calloc(REGION_BYTES, 1);
  double *trips = malloc(sizeof(double) * ROUND_TRIPS);
  double *copies = malloc(sizeof(double) * REGION_REPEATS);
  if (!region || !trips || !copies)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (int i = 0; i < WARM_UP + ROUND_TRIPS; ++i) {
    double start = seconds_now();
    if (rank == 0) {
      MPI_Send(&byte, 1, MPI_CHAR, 1, TAG, MPI_COMM_WORLD);
      MPI_Recv(&byte, 1, MPI_CHAR, 1, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&byte, 1, MPI_CHAR, 0, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&byte, 1, MPI_CHAR, 0, TAG, MPI_COMM_WORLD);
    }
    if (i >= WARM_UP)
      trips[i - WARM_UP] = seconds_now() - start;
  }
  for (int i = 0; i < REGION_REPEATS; ++i) {
    double start = seconds_now();
    if (rank == 0) {
      MPI_Send(region, REGION_BYTES, MPI_CHAR, 1, TAG, MPI_COMM_WORLD);
      MPI_Recv(&byte, 1, MPI_CHAR, 1, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(region, REGION_BYTES, MPI_CHAR, 0, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&byte, 1, MPI_CHAR, 0, TAG, MPI_COMM_WORLD);
    }
    copies[i] = seconds_now() - start;
  }
  if (rank == 0)
    printf("{\"round_trip_us\": %.4f, \"region_gbps\": %.4f}\n",
           1e6 * median(trips, ROUND_TRIPS), REGION_BYTES / median(copies, REGION_REPEATS) / 1e9);
  free(region);
  free(trips);
  free(copies);
  MPI_Finalize();
  return 0;
}

static clv_status empty_entry(clv_buf *args, clv_buf *result) {
  (void)args;
  (void)result;
  return CLV_OK;
}

static clv_status sink_entry(clv_buf *args, clv_buf *result) {
  (void)result;
  return clv_buf_get_region(args, sizeof(double), REGION_BYTES / sizeof(double))
             ? CLV_OK
             : CLV_E_DECODE;
}

static const clv_function functions[] = {{"empty", empty_entry}, {"sink", sink_entry}};
static const clv_program program = {functions, 2};

/// One call of \p fn to node 1 with \p args (left empty), waited for.
static void call(uint32_t fn, clv_buf *args) {
  clv_future *f = clv_call(1, fn, args);
  if (!f || clv_wait(f, NULL) != CLV_OK) {
    fprintf(stderr, "mpi-bench: %s\n", clv_last_error());
    exit(1);
  }
}

static int cleave(int argc, char **argv) {
  setenv("CLEAVE_TRANSPORT", "mpi", 1);
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "mpi-bench: %s\n", clv_last_error());
    return 1;
  }
  // Only node 0 gets here; the other rank serves until clv_finalize.
  if (clv_nodes() != 2) {
    fprintf(stderr, "mpi-bench: run it on 2 ranks\n");
    clv_finalize();
    return 2;
  }
  double *trips = malloc(sizeof(double) * ROUND_TRIPS);
  double *copies = malloc(sizeof(double) * REGION_REPEATS);
  double *region = calloc(REGION_BYTES / sizeof(double), sizeof(double));
  if (!trips || !copies || !region)
    return 1;
  clv_buf args;
  clv_buf_init(&args);
  for (int i = 0; i < WARM_UP + ROUND_TRIPS; ++i) {
    double start = seconds_now();
    call(0, &args);
    if (i >= WARM_UP)
      trips[i - WARM_UP] = seconds_now() - start;
  }
  for (int i = 0; i < REGION_REPEATS; ++i) {
    double start = seconds_now();
    clv_buf_put_region(&args, region, sizeof(double), REGION_BYTES / sizeof(double));
    call(1, &args);
    copies[i] = seconds_now() - start;
  }
  printf("{\"round_trip_us\": %.4f, \"region_gbps\": %.4f}\n", 1e6 * median(trips, ROUND_TRIPS),
         REGION_BYTES / median(copies, REGION_REPEATS) / 1e9);
  clv_buf_free(&args);
  free(trips);
  free(copies);
  free(region);
  return clv_finalize() == CLV_OK ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "raw") == 0)
    return raw(argc, argv);
  if (argc == 2 && strcmp(argv[1], "cleave") == 0)
    return cleave(argc, argv);
  fprintf(stderr, "usage: mpirun -np 2 mpi-bench raw|cleave\n");
  return 2;
}
