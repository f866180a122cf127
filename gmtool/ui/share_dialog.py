"""View → Share with players…: the GM's controls of the players' web page (:mod:`gmtool.share`).

The network interface to listen on (one of this laptop's addresses; never all of them; the first
network one is offered first, "this computer only" last), the port, the page's language, a turn timer,
what players see of NPCs and of the players' characters; Start and Stop; the address with its join
token as text (selectable) and as a QR code (``segno``), and "New link" (the old links stop working).
The dialog is not modal: the GM plays on while the page is shared; closing it keeps sharing.
"""

from __future__ import annotations

import io

from PySide6.QtGui import QPixmap
from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.share.server import ShareOptions, ShareServer
from gmtool.ui.named_button import named_check

QR_SCALE = 5  # pixels per module: a phone reads it from the laptop's screen
LANGUAGE_CHOICES = ("browser", "en", "ja")


def interfaces() -> list[tuple[str, str]]:
    """(label, address) of each IPv4 address of an interface that is up: the network ones first, then
    this computer only (loopback)."""
    found: list[tuple[str, str]] = []
    loopback: list[tuple[str, str]] = []
    for interface in QNetworkInterface.allInterfaces():
        flags = interface.flags()
        if not flags & QNetworkInterface.InterfaceFlag.IsUp:
            continue
        for entry in interface.addressEntries():
            ip = entry.ip()
            if ip.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                continue
            if ip.isLoopback():
                loopback.append((tr("share.dialog.loopback") + f" ({ip.toString()})", ip.toString()))
            else:
                found.append((tr("share.dialog.interface_item", name=interface.humanReadableName(),
                                 address=ip.toString()), ip.toString()))
    return found + loopback[:1]


def qr_pixmap(text: str) -> QPixmap:
    """The QR code of ``text`` as an image (segno draws it, pure Python)."""
    import segno

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=QR_SCALE, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class ShareDialog(QDialog):
    """The controls of one :class:`ShareServer`."""

    def __init__(self, server: ShareServer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shareDialog")
        self.setWindowTitle(tr("share.dialog.title"))
        self.server = server
        options = server.options
        intro = QLabel(tr("share.dialog.intro"), self)
        intro.setWordWrap(True)
        self.interface = QComboBox(self)
        self.interface.setObjectName("shareInterface")
        for label, address in interfaces():
            self.interface.addItem(label, address)
        self.port = QSpinBox(self)
        self.port.setObjectName("sharePort")
        self.port.setRange(1024, 65535)
        self.port.setValue(options.port)
        self.language = QComboBox(self)
        self.language.setObjectName("shareLanguage")
        for choice in LANGUAGE_CHOICES:
            self.language.addItem(tr(f"share.dialog.language_{choice}"), choice)
        self.language.setCurrentIndex(LANGUAGE_CHOICES.index(options.language))
        self.timer = QSpinBox(self)
        self.timer.setObjectName("shareTimer")
        self.timer.setRange(0, 3600)
        self.timer.setSingleStep(15)
        self.timer.setSpecialValueText(tr("share.dialog.timer_off"))
        self.timer.setSuffix(tr("share.dialog.timer_suffix"))
        self.timer.setValue(options.turn_timer_s)
        self.npc_names = named_check("share.dialog.npc_names", options.show_npc_names, self)
        self.npc_figures = named_check("share.dialog.npc_figures", options.show_npc_figures, self)
        self.pc_figures = named_check("share.dialog.pc_figures", options.show_pc_figures, self)
        self.hide_npcs = named_check("share.dialog.hide_npcs", options.hide_npcs_until_they_act, self)
        form = QFormLayout()
        form.addRow(tr("share.dialog.interface"), self.interface)
        form.addRow(tr("share.dialog.port"), self.port)
        form.addRow(tr("share.dialog.language"), self.language)
        form.addRow(tr("share.dialog.timer"), self.timer)
        for box in self._boxes():
            form.addRow("", box)
        self.start = QPushButton(tr("share.dialog.start"), self)
        self.start.setObjectName("shareStart")
        self.start.clicked.connect(self.toggle)
        self.new_token = QPushButton(tr("share.dialog.new_token"), self)
        self.new_token.setObjectName("shareNewToken")
        self.new_token.clicked.connect(self._new_token)
        buttons_row = QHBoxLayout()
        buttons_row.addWidget(self.start)
        buttons_row.addWidget(self.new_token)
        buttons_row.addStretch(1)
        self.address = QLineEdit(self)
        self.address.setObjectName("shareAddress")
        self.address.setReadOnly(True)
        self.address.setAccessibleName(tr("share.dialog.address"))
        self.qr = QLabel(self)
        self.qr.setObjectName("shareQr")
        self.qr.setAccessibleName(tr("share.dialog.qr"))
        self.status = QLabel(self)
        self.status.setObjectName("shareStatus")
        self.status.setWordWrap(True)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addLayout(buttons_row)
        layout.addWidget(self.address)
        layout.addWidget(self.qr)
        layout.addWidget(self.status)
        layout.addWidget(close)
        for box in self._boxes():
            box.toggled.connect(self._apply)
        self.language.currentIndexChanged.connect(self._apply)
        self.timer.valueChanged.connect(self._apply)
        server.clientsChanged.connect(self._show_state)
        self._show_state()

    def _boxes(self) -> tuple[QCheckBox, ...]:
        return (self.npc_names, self.npc_figures, self.pc_figures, self.hide_npcs)

    def options(self) -> ShareOptions:
        """What the GM chose."""
        return ShareOptions(
            show_npc_names=self.npc_names.isChecked(),
            show_npc_figures=self.npc_figures.isChecked(),
            show_pc_figures=self.pc_figures.isChecked(),
            hide_npcs_until_they_act=self.hide_npcs.isChecked(),
            language=self.language.currentData(),
            turn_timer_s=self.timer.value(),
            port=self.port.value(),
        )

    def _apply(self) -> None:
        self.server.set_options(self.options())

    def toggle(self) -> None:
        """Start sharing on the chosen interface and port, or stop."""
        if self.server.listening:
            self.server.stop()
        else:
            self.server.set_options(self.options())
            problem = self.server.start(str(self.interface.currentData() or ""), self.port.value())
            if problem is not None:
                self._show_state()
                self.status.setText(problem)
                return
        self._show_state()

    def _new_token(self) -> None:
        self.server.new_token()
        self._show_state()

    def _show_state(self, *_args: object) -> None:
        sharing = self.server.listening
        self.start.setText(tr("share.dialog.stop" if sharing else "share.dialog.start"))
        self.new_token.setEnabled(sharing)
        for control in (self.interface, self.port):
            control.setEnabled(not sharing)
        url = self.server.url() if sharing else ""
        self.address.setText(url)
        self.address.setVisible(sharing)
        self.qr.setVisible(sharing)
        if sharing and self.qr.property("url") != url:
            self.qr.setPixmap(qr_pixmap(url))
            self.qr.setProperty("url", url)
        count = self.server.clients()
        self.status.setText(tr("share.dialog.sharing", count=count) if sharing else tr("share.dialog.stopped"))
