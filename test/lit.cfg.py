# lit configuration of cleave's FileCheck tests (test/<area>/...).
import os
import shutil
import subprocess

import lit.formats

config.name = "cleave"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs", "unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cleave_obj_root, "test")

# cleave itself, then FileCheck and not from LLVM.
for tools in (config.llvm_tools_dir, os.path.join(config.cleave_obj_root, "bin")):
    config.environment["PATH"] = os.path.pathsep.join(
        (tools, config.environment["PATH"]))

# The runtime environment of generated programs is set per RUN line only.
for var in ("CLEAVE_NODES", "CLEAVE_TRANSPORT", "CLEAVE_PASS", "CLEAVE_MAX_MESSAGE",
            "CLEAVE_ENCODING", "CLEAVE_CALL_TIMEOUT", "CLEAVE_REPORT_TESTS"):
    config.environment.pop(var, None)

# Tests of the scotch mapping strategy need a build linked with libscotch.
if config.have_scotch:
    config.available_features.add("scotch")
# Scotch's command-line tools (Debian's scotch package), to check our files.
if shutil.which("atst"):
    config.available_features.add("scotch-tools")

# The libFuzzer target of the runtime's message decoder (bench/fuzz).
if config.have_fuzzer:
    config.available_features.add("fuzzer")
    config.substitutions.append(
        ("%wire_fuzz", os.path.join(config.cleave_obj_root, "bin", "wire-fuzz")))

runtime = os.path.join(config.cleave_src_root, "runtime")
config.substitutions.append(("%cc", config.cc))
# A runtime built with MPI loads it when asked (dlopen): MPI's headers come
# along, and what dlopen needs; so does libtirpc (the XDR encoding). A test
# that calls MPI itself links it with %mpi_link.
config.substitutions.append(
    ("%cleave_rt",
     "-I%s %s %s %s %s -lpthread -lm" % (runtime, config.mpi_cflags,
                                         os.path.join(config.cleave_obj_root, "runtime",
                                                      "libcleave_rt.a"),
                                         config.mpi_libs, config.tirpc_libs)))
config.substitutions.append(("%mpi_link", config.mpi_link))

# Tests of the mpi transport need a runtime built with MPI and its launcher.
# Open MPI refuses to run as root (as CI does) and more processes than
# processors unless told to.
if config.have_mpi and config.mpiexec and os.path.exists(config.mpiexec):
    config.available_features.add("mpi")
    mpirun = config.mpiexec
    version = subprocess.run([mpirun, "--version"], capture_output=True, text=True)
    if "open-mpi.org" in version.stdout + version.stderr:
        mpirun += " --allow-run-as-root --oversubscribe"
    config.substitutions.append(("%mpirun", mpirun))
# Other MPI libraries, each building the runtime's sources with its own
# compiler wrapper: MPICH, and SimGrid's SMPI, which simulates a machine.
tirpc_cflags = subprocess.run(["pkg-config", "--cflags", "libtirpc"], capture_output=True,
                              text=True).stdout.strip()
config.substitutions.append(
    ("%runtime_sources",
     "-DCLEAVE_HAVE_MPI -I{0} {1} {2} {3} -lpthread -lm".format(
         runtime, tirpc_cflags, " ".join(config.runtime_sources), config.tirpc_libs)))
# The same without MPI: the threads transport alone, for builds of generated
# programs under ThreadSanitizer.
config.substitutions.append(
    ("%runtime_threads_sources",
     "-I{0} {1} {2} {3} -lpthread -lm".format(
         runtime, tirpc_cflags, " ".join(config.runtime_sources), config.tirpc_libs)))
if shutil.which("mpicc.mpich") and shutil.which("mpiexec.mpich"):
    config.available_features.add("mpich")
if shutil.which("smpicc") and shutil.which("smpirun"):
    config.available_features.add("smpi")
# Debian's bear records a Make build's commands in compile_commands.json. Its
# parts talk over gRPC on localhost, which a machine without a name for
# localhost refuses: the feature is there where a trial run works.
if shutil.which("bear"):
    import tempfile
    with tempfile.TemporaryDirectory() as trial:
        if subprocess.run(["bear", "--", "true"], cwd=trial, capture_output=True).returncode == 0:
            config.available_features.add("bear")
config.substitutions.append(("%examples", os.path.join(config.cleave_src_root, "examples")))
config.substitutions.append(("%runtime_dir", runtime))
config.substitutions.append(("%cleave_src", config.cleave_src_root))
config.substitutions.append(("%cleave_build", config.cleave_obj_root))
