# lit runs every GoogleTest binary of this folder (names ending in "Tests"),
# one lit test per GoogleTest test.
import os

import lit.formats

config.name = "cleave-unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = os.path.join(config.cleave_obj_root, "test", "unit")
config.test_exec_root = config.test_source_root
for var in ("CLEAVE_NODES", "CLEAVE_TRANSPORT", "CLEAVE_PASS"):
    config.environment.pop(var, None)
