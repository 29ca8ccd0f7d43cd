import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('showroom', {});
