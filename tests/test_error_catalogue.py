"""docs/errors.md catalogues every error and warning tapejax raises; these tests keep it whole.

How a message is extracted from the package source (``tapejax/**/*.py``, with ``ast``):

1. **Where messages are.** Every call that builds an exception or a warning: a call to a name
   ending in ``Error``, ``Exception`` or ``Warning`` (``raise ValueError(...)``, but also
   ``return RuntimeError(...)`` in a helper that a ``raise`` uses), and every
   ``warnings.warn(...)``. Its message arguments are all its positional arguments and a
   ``message=`` keyword (``InvalidArgumentError(None, None, message)`` is TF's signature).
2. **What text a message expression holds** (its literal *fragments*):
   a string constant is one fragment; an f-string gives each literal run between its ``{}``
   fields, and the fragments of a field that is a plain name or a call of a plain name
   (followed as below); ``a + b`` gives the fragments of both; ``"...{}...".format(...)`` and ``"..." % x``
   give the literal runs between the fields of the template; a name is followed to its
   assignment (in the function, else a module constant anywhere in the package); a call to a
   package function is followed to what that function returns; and a name that is a
   parameter of the enclosing function (``_fail(message, op_name)`` raising
   ``f"{message} [Op:{op_name}]"``) is followed to that argument at every call of that
   function in the package. Anything else (``str(e)``, a value formatted in) adds nothing.
3. **Which fragments are checked.** A fragment, whitespace collapsed and stripped, is checked
   when at least two of its words (split at whitespace) hold two letters or more:
   ``"Shapes "``, ``" [Op:"`` or an argument value such as ``"assign_add"`` alone say nothing
   a reader could look up, ``" are incompatible"`` does.
4. **How the catalogue matches.** docs/errors.md quotes each message as written in the source,
   with ``<placeholders>`` for the formatted values, so every checked fragment is a substring
   of it. Both sides are compared with whitespace collapsed, backticks removed (messages sit
   in Markdown code spans) and ``\\|`` read as ``|`` (escaped in a table cell).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tapejax"
CATALOGUE = ROOT / "docs" / "errors.md"
_WORD = re.compile(r"[A-Za-z]{2,}")
_FIELD = re.compile(r"\{[^{}]*\}|%[sdrf]")


def _normalize(text: str) -> str:
    return " ".join(text.replace("`", "").replace("\\|", "|").split())


def _is_exception_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
    return name.endswith(("Error", "Exception", "Warning"))


def _is_plain_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name)


def _is_warn_call(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "warn"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "warnings"
    )


class _Source:
    """The parsed package: its functions, module constants and calls, for following names."""

    def __init__(self, root: Path):
        self.modules = {p: ast.parse(p.read_text(), str(p)) for p in sorted(root.rglob("*.py"))}
        self.parents: dict[ast.AST, ast.AST] = {}
        self.functions: dict[str, list[ast.FunctionDef]] = {}
        self.constants: dict[str, list[ast.expr]] = {}
        self.calls: dict[str, list[ast.Call]] = {}
        self._parameters: dict[tuple, list[str]] = {}  # (function, parameter) -> its fragments
        for tree in self.modules.values():
            for node in ast.walk(tree):
                for child in ast.iter_child_nodes(node):
                    self.parents[child] = node
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    self.functions.setdefault(node.name, []).append(node)
                elif isinstance(node, ast.Call):
                    f = node.func
                    name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
                    if name:
                        self.calls.setdefault(name, []).append(node)
            for stmt in tree.body:
                if (
                    isinstance(stmt, ast.Assign)
                    and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name)
                ):
                    self.constants.setdefault(stmt.targets[0].id, []).append(stmt.value)

    def _function_of(self, node: ast.AST):
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return node
        return None

    def _arguments_for(self, function, name: str) -> list[ast.expr]:
        params = [a.arg for a in function.args.posonlyargs + function.args.args]
        index = params.index(name) if name in params else None
        found = []
        for call in self.calls.get(function.name, []):
            keyword = [k.value for k in call.keywords if k.arg == name]
            if keyword:
                found += keyword
            elif index is not None and index < len(call.args):
                found.append(call.args[index])
        return found

    def fragments(self, expr: ast.AST, seen: set | None = None) -> list[str]:
        """The literal text ``expr`` contributes to a message (rule 2 of the module docstring).

        ``seen``: the expressions already followed for this message. Each is followed once
        (a message's text is the union of what its expressions reach), so following names
        through chains of ``__init__`` calls stays linear, not one walk per path.
        """
        seen = set() if seen is None else seen
        if expr in seen:
            return []
        seen.add(expr)
        if isinstance(expr, ast.Constant):
            return [expr.value] if isinstance(expr.value, str) else []
        if isinstance(expr, ast.JoinedStr):
            return [
                p
                for v in expr.values
                for p in (
                    [v.value]
                    if isinstance(v, ast.Constant)
                    else self.fragments(v.value, seen)
                    if isinstance(v.value, ast.Name) or _is_plain_call(v.value)
                    else []
                )
            ]
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
            return self.fragments(expr.left, seen) + self.fragments(expr.right, seen)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod):
            return [p for s in self.fragments(expr.left, seen) for p in _FIELD.split(s)]
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "format":
            return [p for s in self.fragments(expr.func.value, seen) for p in _FIELD.split(s)]
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
            returns = [
                r.value
                for f in self.functions.get(expr.func.id, [])
                for r in ast.walk(f)
                if isinstance(r, ast.Return) and r.value is not None
            ]
            return [p for r in returns for p in self.fragments(r, seen)]
        if isinstance(expr, ast.Name):
            return self._name_fragments(expr, seen)
        return []

    def _name_fragments(self, expr: ast.Name, seen: set) -> list[str]:
        function = self._function_of(expr)
        if function is not None:
            params = {a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg)}
            if expr.id in params:
                # What a parameter receives is worked out once: parameters passed on through
                # many calls of one name (``name=name`` into ``__init__``s) branch exponentially.
                key = (id(function), expr.id)
                if key not in self._parameters:
                    self._parameters[key] = []  # while being worked out (a cycle adds nothing)
                    # each fragment once: the same text passed on by many calls would otherwise
                    # multiply through every function that passes it further
                    self._parameters[key] = list(
                        dict.fromkeys(
                            p for a in self._arguments_for(function, expr.id) for p in self.fragments(a, seen)
                        )
                    )
                return self._parameters[key]
            local = [
                s.value
                for s in ast.walk(function)
                if isinstance(s, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == expr.id for t in s.targets)
            ]
            if local:
                return [p for v in local for p in self.fragments(v, seen)]
        return [p for v in self.constants.get(expr.id, []) for p in self.fragments(v, seen)]

    def messages(self) -> dict[str, list[str]]:
        """Each checked fragment (rule 3), mapped to the ``file:line`` places that raise it."""
        found: dict[str, list[str]] = {}
        for path, tree in self.modules.items():
            for node in ast.walk(tree):
                if _is_exception_call(node):
                    args = list(node.args) + [k.value for k in node.keywords if k.arg == "message"]
                elif _is_warn_call(node):
                    args = list(node.args[:1]) + [k.value for k in node.keywords if k.arg == "message"]
                else:
                    continue
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                for arg in args:
                    for fragment in self.fragments(arg):
                        text = _normalize(fragment)
                        if sum(1 for word in text.split() if _WORD.search(word)) >= 2:
                            found.setdefault(text, []).append(where)
        return found


def _catalogue_text() -> str:
    return _normalize(CATALOGUE.read_text())


def test_extraction_follows_helpers_constants_and_fstrings():
    """The extractor reaches messages built outside the raise (so the main test can fail)."""
    messages = _Source(PACKAGE).messages()
    # A module constant, formatted with .format (tapejax/_indexing.py's _INDEX_HELP).
    assert any(m.startswith("Only integers, slices") for m in messages)
    # An argument of a helper that raises f"{message} [Op:{op_name}]" (_array_ops._fail).
    assert "Only one input size may be -1, not both" in messages
    # A helper that returns the exception (_backprop._used_tape_error) and a warning.
    assert any("non-persistent GradientTape" in m for m in messages)
    assert any(m.startswith("Calling GradientTape.gradient on a persistent tape") for m in messages)
    # Fragments with fewer than two words are not checked.
    assert "[Op:" not in messages


def test_every_message_in_the_package_is_in_the_catalogue():
    catalogue = _catalogue_text()
    missing = {m: w for m, w in _Source(PACKAGE).messages().items() if m not in catalogue}
    listing = "\n".join(f"  {', '.join(w)}: {m!r}" for m, w in sorted(missing.items(), key=str))
    assert not missing, (
        f"{len(missing)} message fragments raised in tapejax/ are not quoted in "
        f"docs/errors.md; add a row for each (message, class, when, fix, test):\n"
        f"{listing}"
    )


def _referenced_tests() -> set[tuple[str, str]]:
    return set(re.findall(r"(tests/test_\w+\.py)::(test_\w+)", CATALOGUE.read_text()))


def test_every_test_the_catalogue_names_exists_and_checks_an_error():
    references = _referenced_tests()
    assert len(references) > 50
    for path, name in sorted(references):
        file = ROOT / path
        assert file.exists(), f"docs/errors.md names {path}, which does not exist"
        tree = ast.parse(file.read_text())
        defs = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == name]
        assert defs, f"docs/errors.md names {path}::{name}, which is not a test in that file"
        body = ast.unparse(defs[0])
        # pytest.raises/warns, or (a check in a subprocess) the name of the class it expects.
        assert re.search(r"pytest\.(raises|warns)|catch_warnings|[a-z](Error|Warning)\b", body), (
            f"{path}::{name} (named in docs/errors.md) checks no error or warning"
        )
