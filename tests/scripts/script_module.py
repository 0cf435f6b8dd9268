"""Loads one of the project's scripts (a file without .py, e.g. examples/smpi/random-platforms) as a
Python module, for the script tests in this directory."""
import importlib.machinery
import importlib.util


def load(path, name):
    loader = importlib.machinery.SourceFileLoader(name, path)
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module
