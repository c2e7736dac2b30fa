/// \file
/// Start and stop: the environment read, clv_init and clv_finalize, and the
/// state of the running runtime.

#include "clv_internal.h"

// The state of the running runtime (clv_internal.h says what each is).
transport_kind clvi_transport;
node *clvi_nodes;
int clvi_local_nodes;
int clvi_node_count;
int clvi_oversubscribed;
clv_program clvi_program;
atomic_long clvi_pending;
atomic_int clvi_finalizing;
double clvi_call_timeout_s;
int64_t clvi_call_timeout_ns;
atomic_uchar *clvi_lost;
atomic_uint clvi_lost_generation;

/// The thread that called clv_init, the only one that may call clv_finalize.
static pthread_t main_thread;
/// Set by clv_fail_call: the program ends, clv_finalize waits for nothing.
static atomic_int failing;

/// Reads \p value, a whole number from \p min to \p max, into \p *out; 0
/// when it is not one.
int clvi_read_count(const char *value, long long min, long long max,
                    long long *out) {
  long long n = 0;
  const char *p = value;
  for (; *p >= '0' && *p <= '9' && n <= max; ++p)
    n = n * 10 + (*p - '0');
  if (*p || n < min || n > max)
    return 0;
  *out = n;
  return 1;
}

static clv_status read_nodes(int *count) {
  const char *value = getenv("CLEAVE_NODES");
  if (!value || !*value) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    *count = online < 1 ? 1 : online > MAX_NODES ? MAX_NODES : (int)online;
    return CLV_OK;
  }
  long long n;
  if (!clvi_read_count(value, 1, MAX_NODES, &n)) {
    clvi_set_error(
        "CLEAVE_NODES='%s': give a whole number of nodes from 1 to %d", value,
        MAX_NODES);
    return CLV_E_USAGE;
  }
  *count = (int)n;
  return CLV_OK;
}

static clv_status read_transport(transport_kind *kind) {
  const char *value = getenv("CLEAVE_TRANSPORT");
  if (!value || !*value || strcmp(value, "threads") == 0) {
    *kind = TRANSPORT_THREADS;
    return CLV_OK;
  }
  if (strcmp(value, "mpi") != 0) {
    clvi_set_error("CLEAVE_TRANSPORT='%s': give 'threads' or 'mpi'", value);
    return CLV_E_USAGE;
  }
#ifdef CLEAVE_HAVE_MPI
  *kind = TRANSPORT_MPI;
  return CLV_OK;
#else
  clvi_set_error(
      "CLEAVE_TRANSPORT='mpi': this build of the cleave runtime has no "
      "MPI; install an MPI library (Debian: libopenmpi-dev openmpi-bin), "
      "rebuild the runtime and run the program under mpirun");
  return CLV_E_USAGE;
#endif
}

/// Reads CLEAVE_CALL_TIMEOUT into clvi_call_timeout_s and clvi_call_timeout_ns
/// (0 when unset or empty).
static clv_status read_call_timeout(void) {
  const char *value = getenv("CLEAVE_CALL_TIMEOUT");
  clvi_call_timeout_s = 0;
  clvi_call_timeout_ns = 0;
  if (!value || !*value)
    return CLV_OK;
  // strtod alone would take spaces, signs, "inf" and "nan".
  char *end = NULL;
  double seconds = 0;
  if ((*value >= '0' && *value <= '9') || *value == '.')
    seconds = strtod(value, &end);
  if (!end || *end || !(seconds > 0) || seconds > MAX_TIMEOUT_S) {
    clvi_set_error("CLEAVE_CALL_TIMEOUT='%s': give the seconds a call may go "
                   "without a reply before its node counts as lost, a number "
                   "above 0 and at most 1e9 (unset or empty: no limit)",
                   value);
    return CLV_E_USAGE;
  }
  clvi_call_timeout_s = seconds;
  int64_t ns = (int64_t)(seconds * 1e9);
  clvi_call_timeout_ns = ns > 0 ? ns : 1;
  return CLV_OK;
}

/// Sets \p *enc to CLEAVE_ENCODING's encoding, or \p prog's when it is unset.
static clv_status read_encoding(const clv_program *prog, clv_encoding *enc) {
  const char *value = getenv("CLEAVE_ENCODING");
  if (value && *value) {
    if (strcmp(value, "native") == 0) {
      *enc = CLV_ENCODING_NATIVE;
    } else if (strcmp(value, "xdr") == 0) {
      *enc = CLV_ENCODING_XDR;
    } else {
      clvi_set_error(
          "CLEAVE_ENCODING='%s': give 'native' (every node has the same "
          "data layout) or 'xdr' (nodes of different data formats)",
          value);
      return CLV_E_USAGE;
    }
    return CLV_OK;
  }
  if (prog->encoding != CLV_ENCODING_NATIVE &&
      prog->encoding != CLV_ENCODING_XDR) {
    clvi_set_error(
        "the program's table asks for encoding %d, which this runtime "
        "does not know (0 native, 1 xdr)",
        (int)prog->encoding);
    return CLV_E_USAGE;
  }
  *enc = prog->encoding;
  return CLV_OK;
}

/// Reads CLEAVE_TRANSPORT, CLEAVE_PASS, CLEAVE_ENCODING (else \p prog's
/// encoding), CLEAVE_CALL_TIMEOUT, and CLEAVE_NODES (threads) or
/// CLEAVE_MAX_MESSAGE (mpi, where the node count comes from MPI later).
static clv_status read_environment(const clv_program *prog,
                                   transport_kind *kind, int *count, int *share,
                                   clv_encoding *enc) {
  clv_status status = read_transport(kind);
  if (status == CLV_OK)
    status = read_encoding(prog, enc);
  if (status == CLV_OK)
    status = read_call_timeout();
  if (status != CLV_OK)
    return status;
  const char *pass = getenv("CLEAVE_PASS");
  int pass_unset = !pass || !*pass;
  if (*kind == TRANSPORT_MPI && !pass_unset && strcmp(pass, "share") == 0) {
    clvi_set_error(
        "CLEAVE_PASS='share': on the mpi transport nodes share no "
        "memory and regions always travel by copy; unset CLEAVE_PASS "
        "or set it to 'copy'");
    return CLV_E_USAGE;
  }
  if (pass_unset) {
    *share = *kind == TRANSPORT_THREADS;
  } else if (strcmp(pass, "share") == 0) {
    *share = 1;
  } else if (strcmp(pass, "copy") == 0) {
    *share = 0;
  } else {
    clvi_set_error(
        "CLEAVE_PASS='%s': give 'share' (regions by address) or 'copy'", pass);
    return CLV_E_USAGE;
  }
#ifdef CLEAVE_HAVE_MPI
  if (*kind == TRANSPORT_MPI)
    return clvi_read_max_message();
#endif
  return read_nodes(count);
}

/// Stops and joins workers 1..started-1. No call may be pending.
static void stop_workers(int started) {
  for (int i = 1; i < started; ++i) {
    lock(&clvi_nodes[i]);
    atomic_store(&clvi_nodes[i].stop, 1);
    pthread_cond_signal(&clvi_nodes[i].wake);
    unlock(&clvi_nodes[i]);
  }
  for (int i = 1; i < started; ++i)
    pthread_join(clvi_nodes[i].thread, NULL);
}

/// Releases the futures nobody waited for, once every call has ended and the
/// workers are joined (so their lists are this thread's to read). A failed
/// one is reported on stderr, never dropped: the first failure's status is
/// returned, with a message for clv_last_error().
clv_status clvi_release_unwaited(void) {
  clv_status first = CLV_OK;
  int failures = 0;
  for (int i = 0; i < clvi_local_nodes; ++i) {
    node *n = &clvi_nodes[i];
    while (n->made_first) {
      clv_future *f = n->made_first;
      if (f->status != CLV_OK) {
        fprintf(stderr, "cleave: a call nobody waited for failed: %s\n",
                f->message);
        if (failures++ == 0) {
          first = f->status;
          snprintf(clvi_last_error, sizeof clvi_last_error,
                   "calls nobody waited for failed; the first: ");
          clvi_append(clvi_last_error, f->message);
        }
      }
      clvi_release_future(n, f);
    }
  }
  return first;
}

/// Destroys the first \p ready nodes' mutexes, condition variables and spare
/// futures, and puts every global back as before clv_init.
void clvi_destroy_nodes(int ready) {
  clvi_forget_grain();
  for (int i = 0; i < ready; ++i) {
    for (clv_future *f = clvi_nodes[i].spare, *next; f; f = next) {
      next = f->made_next;
      free(f);
    }
    pthread_cond_destroy(&clvi_nodes[i].wake);
    pthread_mutex_destroy(&clvi_nodes[i].mutex);
  }
  free(clvi_nodes);
  clvi_nodes = NULL;
  free(clvi_lost);
  clvi_lost = NULL;
  clvi_free_kept_blocks();
  atomic_store(&clvi_lost_generation, 0);
  clvi_call_timeout_s = 0;
  clvi_call_timeout_ns = 0;
  clvi_restore_crash_handlers();
  clvi_node_count = 0;
  clvi_local_nodes = 0;
  clvi_transport = TRANSPORT_THREADS;
  clvi_share_regions = 1;
  clvi_one_address_space = 0;
  clvi_encoding = CLV_ENCODING_NATIVE;
  clvi_program = (clv_program){.functions = NULL};
  atomic_store(&clvi_finalizing, 0);
  clvi_here = (context){0, 0};
}

/// Sets up node \p index; its condition variable measures timeouts on
/// CLOCK_MONOTONIC, as now_ns() does.
static int init_node(node *n, int index) {
  n->index = index;
  n->check_at = NO_DEADLINE;
  atomic_init(&n->queued, 0);
  atomic_init(&n->stop, 0);
  atomic_init(&n->sleeping, 0);
  atomic_init(&n->hunger, HUNGER_BUSY);
  atomic_init(&n->running, 0);
  atomic_init(&n->orphans, 0);
  if (pthread_mutex_init(&n->mutex, NULL) != 0)
    return 0;
  pthread_condattr_t attributes;
  int ok = pthread_condattr_init(&attributes) == 0;
  if (ok) {
    ok = pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC) == 0 &&
         pthread_cond_init(&n->wake, &attributes) == 0;
    pthread_condattr_destroy(&attributes);
  }
  if (!ok)
    pthread_mutex_destroy(&n->mutex);
  return ok;
}

clv_status clv_init(int *argc, char ***argv, const clv_program *prog) {
  (void)argc; // only the mpi transport reads the command line
  (void)argv;
  if (clvi_node_count != 0) {
    clvi_set_error("clv_init called again before clv_finalize");
    return CLV_E_USAGE;
  }
  if (!prog || (prog->count > 0 && !prog->functions)) {
    clvi_set_error("clv_init needs the program's table of functions");
    return CLV_E_USAGE;
  }
  transport_kind kind;
  int count = 0, share;
  clv_encoding enc;
  clv_status status = read_environment(prog, &kind, &count, &share, &enc);
  if (status != CLV_OK)
    return status;
  int local = count;
  clvi_oversubscribed = count > sysconf(_SC_NPROCESSORS_ONLN);
  clvi_install_crash_handlers();
#ifdef CLEAVE_HAVE_MPI
  if (kind == TRANSPORT_MPI) {
    status = clvi_start_mpi(argc, argv, &count, prog, enc);
    if (status != CLV_OK) {
      clvi_restore_crash_handlers();
      return status;
    }
    local = 1;
  }
#endif

  // aligned_alloc wants a multiple of the alignment: sizeof(node) is one.
  clvi_nodes = aligned_alloc(_Alignof(node), (size_t)local * sizeof(node));
  clvi_lost = malloc((size_t)count * sizeof *clvi_lost);
  if (!clvi_nodes || !clvi_lost) {
    free(clvi_nodes);
    clvi_nodes = NULL;
    free(clvi_lost);
    clvi_lost = NULL;
    clvi_restore_crash_handlers();
    clvi_set_error("out of memory for %d nodes", local);
    status = CLV_E_NOMEM;
  } else {
    for (int i = 0; i < count; ++i)
      atomic_init(&clvi_lost[i], 0);
    memset(clvi_nodes, 0, (size_t)local * sizeof(node));
    clvi_node_count = count; // the workers read these as soon as they start
    clvi_local_nodes = local;
    clvi_transport = kind;
    clvi_share_regions = share;
    clvi_one_address_space = kind == TRANSPORT_THREADS;
    clvi_encoding = enc;
    clvi_program = *prog;
    clvi_make_grain();
    main_thread = pthread_self();
    clvi_here = (context){0, 0};
    int ready = 0;
    while (ready < local && init_node(&clvi_nodes[ready], ready))
      ++ready;
    if (ready < local) {
      clvi_destroy_nodes(ready);
      clvi_set_error("could not set up the locks of node %d", ready);
      status = CLV_E_NOMEM;
    }
  }
#ifdef CLEAVE_HAVE_MPI
  if (kind == TRANSPORT_MPI)
    return clvi_mpi_started(status);
#endif
  if (status != CLV_OK)
    return status;
  for (int i = 1; i < count; ++i) {
    int error = pthread_create(&clvi_nodes[i].thread, NULL, clvi_worker_main,
                               &clvi_nodes[i]);
    if (error != 0) {
      stop_workers(i);
      clvi_destroy_nodes(count);
      clvi_set_error("could not start the thread of node %d: %s", i,
                     strerror(error));
      return CLV_E_NOMEM;
    }
  }
  return CLV_OK;
}

clv_status clv_finalize(void) {
  if (clvi_node_count == 0) {
    clvi_set_error("clv_finalize without a running runtime (clv_init first)");
    return CLV_E_USAGE;
  }
  if (!pthread_equal(pthread_self(), main_thread) || clvi_serving > 0) {
    clvi_set_error(
        "clv_finalize must be called by the thread that called clv_init, "
        "outside any call");
    return CLV_E_USAGE;
  }
  clvi_report_extent_tests();
  // The program ends after a failed call: a call still out may never end.
  if (atomic_load(&failing)) {
    clvi_set_error("clv_finalize after clv_fail_call: the program ends without "
                   "waiting for the calls still out");
    return CLV_E_CANCELED;
  }
#ifdef CLEAVE_HAVE_MPI
  if (clvi_transport == TRANSPORT_MPI) {
    // Node 0's calls first, which clvi_finalize_mpi then finds completed: a
    // node lost meanwhile ends the job before any rank is told to stop, so none
    // is in MPI_Finalize (Open MPI's mpirun has been seen to crash when an
    // abort met ranks there).
    awaited all = {.made = 1};
    clvi_serve_until(home(), &all, NO_DEADLINE);
    clvi_end_job_if_lost();
    return clvi_finalize_mpi();
  }
#endif
  // Calls nobody waited on may still be queued or running, some perhaps for
  // node 0: serve node 0 until none is left, so no worker is stopped while a
  // call could still reach it.
  atomic_store(&clvi_finalizing, 1);
  clvi_serve_until(&clvi_nodes[0], NULL, NO_DEADLINE);
  // The thread of a lost node may still be in a call it was given: it
  // cannot be stopped, nor the runtime released under it.
  for (int i = 0; i < clvi_node_count; ++i)
    if (atomic_load(&clvi_nodes[i].orphans) > 0) {
      clvi_set_error(
          "clv_finalize: node %d was lost (no reply within %g s, "
          "CLEAVE_CALL_TIMEOUT) and its thread is still in a call: the "
          "runtime cannot stop it and stays up; call clv_finalize again "
          "once that call has returned, or end the program",
          i, clvi_call_timeout_s);
      return CLV_E_PEER_LOST;
    }
  stop_workers(clvi_node_count);
  clv_status status = clvi_release_unwaited();
  clvi_destroy_nodes(clvi_node_count);
  return status;
}

void clv_fail_call(const char *name) {
  fprintf(stderr, "cleave: call to '%s' failed: %s\n", name ? name : "?",
          clvi_last_error);
#ifdef CLEAVE_HAVE_MPI
  // The other processes may be waiting for this one: only MPI_Abort ends
  // them all, wherever they are.
  if (clvi_transport == TRANSPORT_MPI && clvi_node_count > 0)
    clvi_mpi_abort();
#endif
  // exit runs the program's atexit handlers, the generated code's
  // clv_finalize among them, which must not wait for a call that may never
  // end.
  atomic_store(&failing, 1);
  exit(1);
}
