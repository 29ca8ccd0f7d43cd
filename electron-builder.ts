// electron-builder's configuration (`npm run dist`: the installers for the current platform, in
// dist/). The decisions are in build/packaging.ts and src/main/shell/{identity,fuses,updates}.ts,
// with tests; this file only puts them together.
//   Linux: AppImage and deb (the deb puts `showroom`, the command line, on the PATH and installs an
//          AppArmor profile for Ubuntu 24.04+, see docs/linux-sandbox.md)
//   Windows: NSIS installer   macOS: DMG
// SHOWROOM_UPDATE_FEED ("github:<owner>/<repo>" or an https URL) turns automatic updates on in the
// packages built with it; without it they stay off (src/main/shell/updates.ts).
import type { Configuration } from 'electron-builder';
import { ASAR_UNPACK, DEB_DEPENDS, FILES } from './build/packaging';
import { SHIPPED_FUSES } from './src/main/shell/fuses';
import { APP_ID, EXECUTABLE_NAME, PRODUCT_NAME } from './src/main/shell/identity';
import { publishConfig } from './src/main/shell/updates';

const config: Configuration = {
  appId: APP_ID,
  productName: PRODUCT_NAME,
  executableName: EXECUTABLE_NAME,
  copyright: 'Copyright © Showroom',
  directories: { output: 'dist', buildResources: 'build' },
  files: [...FILES],
  asarUnpack: [...ASAR_UNPACK],
  // better-sqlite3 and keytar are Node-API addons with prebuilt binaries: no rebuild for Electron
  // (which would also need Electron's headers from the network).
  npmRebuild: false,
  buildDependenciesFromSource: false,
  electronFuses: { ...SHIPPED_FUSES },
  publish: publishConfig(process.env.SHOWROOM_UPDATE_FEED),
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'build/icons/png',
    category: 'Office',
    synopsis: 'Manage the listings your dealership publishes on the classifieds portal',
    description:
      'Showroom keeps a dealer’s portal inventory on the workstation: sync on demand, browse and search offline, see what is not published and why, and unpublish.',
    maintainer: 'Showroom <support@showroom.example>',
    extraResources: [{ from: 'build/linux/showroom-cli.sh', to: 'bin/showroom' }],
    desktop: {
      entry: {
        Name: PRODUCT_NAME,
        Comment: 'Vehicle listings on the classifieds portal',
        'Comment[pt_BR]': 'Anúncios de veículos no portal de classificados',
        Categories: 'Office;',
        StartupWMClass: EXECUTABLE_NAME,
      },
    },
  },
  deb: {
    depends: [...DEB_DEPENDS],
    afterInstall: 'build/linux/after-install.sh',
    afterRemove: 'build/linux/after-remove.sh',
    appArmorProfile: 'build/linux/apparmor-profile',
  },
  appImage: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  win: { target: 'nsis', icon: 'build/icons/icon.ico' },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    artifactName: '${productName}-Setup-${version}-${arch}.${ext}',
  },
  mac: {
    target: 'dmg',
    icon: 'build/icons/icon.icns',
    category: 'public.app-category.business',
    hardenedRuntime: true,
  },
  dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },
};

export default config;
