"""The preferences dialog: language and theme (General), the keyboard shortcuts, and the open
campaign's rule readings (Rules: where the digest and the book disagree, which one it follows).

The shortcuts page lists every action (:func:`gmtool.ui.actions.all_action_specs`: the shell's and each game's) with its
key; a key already bound to another action is refused with a message. The result is
the GM's changes only (action name → key text, "" for no key): an action left at its
default keeps following gmtool's default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QKeySequenceEdit,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import LANGUAGES, catalogue, tr
from gmtool.core.readings import READINGS, RuleReadings
from gmtool.core.registry import registry
from gmtool.ui.actions import ActionSpec, all_action_specs, keys_for, scoped_action_specs
from gmtool.ui.theme import THEMES, set_tone

if TYPE_CHECKING:
    from gmtool.storage.settings import Language

PORTABLE = QKeySequence.SequenceFormat.PortableText
NATIVE = QKeySequence.SequenceFormat.NativeText


def key_text(sequence: QKeySequence) -> str:
    return sequence.toString(PORTABLE)


def default_keys(spec: ActionSpec) -> tuple[str, ...]:
    """An action's default keys as text (a platform's standard key may have several)."""
    return tuple(key_text(key) for key in keys_for(spec, {}))


def effective_keys(overrides: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """Every action's keys once the GM's changes replace the defaults."""
    keys: dict[str, tuple[str, ...]] = {}
    for spec in all_action_specs():
        if spec.name in overrides:
            text = key_text(QKeySequence(overrides[spec.name]))
            keys[spec.name] = (text,) if text else ()
        else:
            keys[spec.name] = default_keys(spec)
    return keys


Scopes = dict[str, frozenset[str] | None]  # action name -> the games whose windows have it (None: all)


def share_a_window(a: str, b: str, scopes: Scopes) -> bool:
    """Whether some window has both actions (the shell's are in every window)."""
    first, second = scopes.get(a), scopes.get(b)
    return first is None or second is None or bool(first & second)


def conflict(name: str, key: str, keys: dict[str, tuple[str, ...]], scopes: Scopes | None = None) -> str | None:
    """The other action already bound to ``key`` in a window that has this one too, if any."""
    if not key:
        return None
    return next((other for other, bound in keys.items()
                 if other != name and key in bound and share_a_window(name, other, scopes or {})), None)


class ShortcutsPage(QWidget):
    """Every action and its key, each editable; conflicts refused, defaults one click away."""

    def __init__(self, overrides: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        scoped = scoped_action_specs()
        self._specs = tuple(spec for spec, _games in scoped)
        self._scopes: Scopes = {spec.name: games for spec, games in scoped}
        known = {spec.name for spec in self._specs}
        self._keys = effective_keys({k: v for k, v in overrides.items() if k in known})
        self.table = QTableWidget(len(self._specs), 3, self)
        self.table.setObjectName("shortcutTable")
        self.table.setHorizontalHeaderLabels([tr("shortcuts.column.action"), tr("shortcuts.column.key"), ""])
        self.table.verticalHeader().hide()
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        self.table.setColumnWidth(1, 190)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.edits: dict[str, QKeySequenceEdit] = {}
        for row, spec in enumerate(self._specs):
            item = QTableWidgetItem(tr(spec.label_key))
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.table.setItem(row, 0, item)
            self.table.setCellWidget(row, 1, self._make_edit(spec.name))
            self.table.setCellWidget(row, 2, self._make_clear(spec.name))
        self.message = QLabel(self)
        self.message.setObjectName("shortcutMessage")
        self.message.setWordWrap(True)
        reset = QPushButton(tr("shortcuts.reset"), self)
        reset.setObjectName("resetShortcuts")
        reset.clicked.connect(self.reset_to_defaults)
        hint = QLabel(tr("shortcuts.hint"), self)
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)
        layout.addWidget(reset, 0, Qt.AlignmentFlag.AlignLeft)

    def _make_edit(self, name: str) -> QKeySequenceEdit:
        edit = QKeySequenceEdit(self)
        edit.setObjectName(f"shortcut_{name}")
        edit.setMaximumSequenceLength(1)  # one key combination: no chord can shadow another
        self.edits[name] = edit
        self._show(name)
        edit.editingFinished.connect(lambda n=name: self._typed(n))
        return edit

    def _make_clear(self, name: str) -> QToolButton:
        """The row's own clear button (QKeySequenceEdit's cannot be told from a modifier press)."""
        button = QToolButton(self)
        button.setObjectName(f"clear_{name}")
        button.setText("✕")
        button.setToolTip(tr("shortcuts.clear"))
        button.setAutoRaise(True)
        button.clicked.connect(lambda _checked=False, n=name: self.bind(n, ""))
        return button

    def _typed(self, name: str) -> None:
        """Keys typed into an edit: bind them; nothing typed (a lone modifier) keeps the old key."""
        key = key_text(self.edits[name].keySequence())
        if key:
            self.bind(name, key)
        else:
            self._show(name)

    def _show(self, name: str) -> None:
        """Put the action's key in its edit, without reacting to it as a change."""
        edit = self.edits[name]
        keys = self._keys[name]
        edit.blockSignals(True)
        edit.setKeySequence(QKeySequence(keys[0] if keys else ""))
        edit.blockSignals(False)
        native = ", ".join(QKeySequence(k).toString(NATIVE) for k in keys)
        edit.setToolTip(native or tr("shortcuts.none"))

    def bind(self, name: str, key: str) -> bool:
        """Give an action this key ("" removes its key); refused when another action has it."""
        key = key_text(QKeySequence(key))
        other = conflict(name, key, self._keys, self._scopes)
        action = self._label(name)
        if other is not None:
            self._show(name)  # back to the key it had
            native = QKeySequence(key).toString(NATIVE)
            self._say(tr("shortcuts.conflict", key=native, action=self._label(other)), error=True)
            return False
        self._keys[name] = (key,) if key else ()
        self._show(name)
        shown = QKeySequence(key).toString(NATIVE) if key else tr("shortcuts.none")
        self._say(tr("shortcuts.changed", action=action, key=shown), error=False)
        return True

    def _label(self, name: str) -> str:
        return tr(next(spec.label_key for spec in self._specs if spec.name == name)).replace("&", "")

    def _say(self, text: str, error: bool) -> None:
        self.message.setText(text)
        set_tone(self.message, "error" if error else None)

    def reset_to_defaults(self) -> None:
        self._keys = effective_keys({})
        for name in self.edits:
            self._show(name)
        self.message.clear()

    def keys(self, name: str) -> tuple[str, ...]:
        """The keys the action has on this page now."""
        return self._keys[name]

    def shortcuts(self) -> dict[str, str]:
        """The GM's changes: action name → key text ("" for none), defaults left out."""
        changed = {}
        for spec in self._specs:
            keys = self._keys[spec.name]
            if keys != default_keys(spec):
                changed[spec.name] = keys[0] if keys else ""
        return changed


class RulesPage(QWidget):
    """The open campaign's rule readings: one choice per rule, the digest's reading or the book's."""

    def __init__(self, readings: RuleReadings, campaign: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        intro = QLabel(tr("preferences.rules.intro"), self)
        intro.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(intro)
        if campaign:
            form.addRow(QLabel(tr("preferences.rules.campaign", name=campaign), self))
        self.choices: dict[str, QComboBox] = {}
        for _game, option in registry().reading_options():  # every game's, from its manifest
            combo = QComboBox(self)
            combo.setObjectName(f"reading_{option.key}")
            for reading in READINGS:
                combo.addItem(tr(f"readings.{option.key}.{reading}"), reading)
            combo.setCurrentIndex(combo.findData(readings.reading(option.key)))
            self.choices[option.key] = combo
            form.addRow(tr(f"readings.{option.key}.name"), combo)

    def readings(self) -> RuleReadings:
        return RuleReadings.of({key: combo.currentData() for key, combo in self.choices.items()})


class PreferencesDialog(QDialog):
    def __init__(
        self,
        language: str | None,
        parent: QWidget | None = None,
        theme: str = "system",
        shortcuts: dict[str, str] | None = None,
        readings: RuleReadings | None = None,
        campaign: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("dialog.preferences.title"))
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._make_general(language, theme), tr("preferences.tab.general"))
        self.shortcut_page = ShortcutsPage(shortcuts or {}, self)
        self.tabs.addTab(self.shortcut_page, tr("preferences.tab.shortcuts"))
        self.rules_page = RulesPage(readings, campaign, self) if readings is not None else None
        if self.rules_page is not None:  # a campaign is open: its rules
            self.tabs.addTab(self.rules_page, tr("preferences.tab.rules"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.resize(560, 600)

    def _make_general(self, language: str | None, theme: str) -> QWidget:
        page = QWidget(self)
        self.language = QComboBox(page)
        self.language.setObjectName("languageCombo")
        self.language.addItem(tr("preferences.language_system"), None)
        for code in LANGUAGES:
            self.language.addItem(catalogue(code).language_name, code)
        self.language.setCurrentIndex(self.language.findData(language) if language else 0)
        self.theme = QComboBox(page)
        self.theme.setObjectName("themeCombo")
        for name in THEMES:
            self.theme.addItem(tr(f"preferences.theme.{name}"), name)
        self.theme.setCurrentIndex(max(0, self.theme.findData(theme)))
        form = QFormLayout(page)
        form.addRow(tr("preferences.language"), self.language)
        note = QLabel(tr("preferences.language_note"), page)
        note.setWordWrap(True)
        form.addRow(note)
        form.addRow(tr("preferences.theme"), self.theme)
        return page

    def chosen_language(self) -> Language | None:
        language: Language | None = self.language.currentData()  # the item's code, None: the system's
        return language

    def chosen_theme(self) -> str:
        return str(self.theme.currentData())

    def chosen_shortcuts(self) -> dict[str, str]:
        return self.shortcut_page.shortcuts()

    def chosen_readings(self) -> RuleReadings | None:
        """The campaign's rule readings as chosen (None: no campaign was open)."""
        return self.rules_page.readings() if self.rules_page is not None else None
