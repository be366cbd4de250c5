import { startApp } from './entry-client';
import './index.css';

startApp();
