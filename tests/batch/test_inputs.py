"""Which instances a batch runs: files, directories (recursively), list files, files of several
instances; what no game recognises."""

from pathlib import Path

from escapology.batch.inputs import collect, content_hash

from .conftest import EXAMPLES


def test_directory_is_walked_recursively_and_unrecognised_files_are_ignored(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "small.lp").write_text((EXAMPLES / "labyrinth/small.lp").read_text())
    (tmp_path / "a" / "notes.md").write_text("# not an instance\n")
    (tmp_path / ".hidden.lp").write_text((EXAMPLES / "labyrinth/small.lp").read_text())
    got = collect([tmp_path])
    assert [(Path(i.path).name, i.game, i.error) for i in got.items] == [("small.lp", "labyrinth", None)]
    assert got.ignored == [str(tmp_path / "a" / "notes.md")]


def test_explicit_unrecognised_or_unreadable_files_become_failed_items(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("nothing to solve\n")
    (tmp_path / "binary.lp").write_bytes(b"\xff\xfe\x00")
    got = collect([tmp_path / "notes.md", tmp_path / "binary.lp"])
    assert [i.game for i in got.items] == ["", ""]
    assert "not an instance of any game" in got.items[0].error
    assert "not UTF-8" in got.items[1].error


def test_list_file_names_files_and_directories_relative_to_itself(tmp_path: Path) -> None:
    listing = tmp_path / "instances.txt"
    listing.write_text(f"# a list\n{EXAMPLES / 'chess/alice.txt'}\n\nsub\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "small.lp").write_text((EXAMPLES / "labyrinth/small.lp").read_text())
    got = collect([listing])
    assert [(Path(i.path).name, i.game) for i in got.items] == [("alice.txt", "chess"), ("small.lp", "labyrinth")]


def test_a_file_of_urls_is_one_roma_instance_per_line() -> None:
    got = collect([EXAMPLES / "roma/urls.txt"])
    urls = [ln for ln in (EXAMPLES / "roma/urls.txt").read_text().splitlines() if ln.startswith("http")]
    assert [i.part for i in got.items] == list(range(1, len(urls) + 1))
    assert [i.text for i in got.items] == urls
    assert [i.content_hash for i in got.items] == [content_hash(u) for u in urls]


def test_each_file_once_even_when_named_twice() -> None:
    got = collect([EXAMPLES / "chess/alice.txt", EXAMPLES / "chess", EXAMPLES / "chess/alice.txt"])
    assert sorted(Path(i.path).name for i in got.items) == ["alice.txt", "bob.txt", "teleport.txt"]


def test_a_games_submodule_named_split_is_not_its_split_function() -> None:
    import escapology.labyrinth
    import escapology.labyrinth.ray_split  # noqa: F401  (a submodule becomes a package attribute)

    got = collect([EXAMPLES / "labyrinth/small.lp"])
    assert [(i.game, i.part, i.text) for i in got.items] == [("labyrinth", 1, None)]


def test_default_store_is_beside_the_inputs_or_in_the_working_directory(tmp_path: Path, monkeypatch) -> None:
    import os

    from escapology.batch.runner import default_store

    (tmp_path / "set" / "a").mkdir(parents=True)
    (tmp_path / "set" / "b").mkdir()
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    inputs = [tmp_path / "set" / "a", tmp_path / "set" / "b" / "x.lp"]
    assert default_store(inputs) == tmp_path / "set" / "escapology.db"
    writable = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if str(p).endswith("set") else writable(p, mode))
    assert default_store(inputs) == tmp_path / "work" / "escapology.db"
