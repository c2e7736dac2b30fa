# lit configuration of cleave's FileCheck tests (test/<area>/...).
import os
import shutil

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
for var in ("CLEAVE_NODES", "CLEAVE_TRANSPORT", "CLEAVE_PASS"):
    config.environment.pop(var, None)

# Tests of the scotch mapping strategy need a build linked with libscotch.
if config.have_scotch:
    config.available_features.add("scotch")
# Scotch's command-line tools (Debian's scotch package), to check our files.
if shutil.which("atst"):
    config.available_features.add("scotch-tools")

runtime = os.path.join(config.cleave_src_root, "runtime")
config.substitutions.append(("%cc", config.cc))
config.substitutions.append(
    ("%cleave_rt",
     "-I%s %s -lpthread -lm" % (runtime, os.path.join(config.cleave_obj_root, "runtime",
                                                      "libcleave_rt.a"))))
config.substitutions.append(("%examples", os.path.join(config.cleave_src_root, "examples")))
config.substitutions.append(("%runtime_dir", runtime))
